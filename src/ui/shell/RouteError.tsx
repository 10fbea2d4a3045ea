import type { ReactNode } from "react";
import { Link, useRouteError } from "react-router-dom";

/** Router fallback for a render error anywhere below the layout. */
export function RouteError(): ReactNode {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="startup-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{error instanceof Error ? error.message : "Something went wrong while showing this page."}</p>
      <p>
        <Link to="/" reloadDocument>
          Back to the Stake page
        </Link>
      </p>
    </main>
  );
}
