import type { ReactNode } from "react";
import { ErrorScreen } from "./ErrorScreen";

interface StartupErrorProps {
  problems: string[];
}

/** Shown instead of the app when configuration is missing or malformed; names every problem. */
export function StartupError({ problems }: StartupErrorProps): ReactNode {
  return (
    <ErrorScreen title="POO Finance cannot start">
      <p>The app's configuration has these problems:</p>
      <ul>
        {problems.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      <p>Fix them (see .env.example and README.md) and reload.</p>
    </ErrorScreen>
  );
}
