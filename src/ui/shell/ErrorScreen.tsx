import type { ReactNode } from "react";

/** A whole-page error in place of the app: a heading that says what failed, then what to do. */
export function ErrorScreen({ title, children }: { title: string; children: ReactNode }): ReactNode {
  return (
    <main className="startup-error" role="alert">
      <h1>{title}</h1>
      {children}
    </main>
  );
}
