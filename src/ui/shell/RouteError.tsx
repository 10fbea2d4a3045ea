import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./ErrorScreen";

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches a render error anywhere below the routes and shows it instead of a blank page. The link
 * reloads the document, so the app starts again from a clean state.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    return (
      <ErrorScreen title="Unexpected Application Error!">
        <p>{error instanceof Error ? error.message : "Something went wrong while showing this page."}</p>
        <p>
          <a href="/">Back to the Stake page</a>
        </p>
      </ErrorScreen>
    );
  }
}
