import type { Container } from "inversify";
import { createContext, useContext, type ReactNode } from "react";

/**
 * The container itself, for the composition root's own code: the wallet stack binds the chain
 * adapters into it when it loads. The screens resolve services through src/ui/services instead.
 */
const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({
  container,
  children,
}: {
  container: Container;
  children: ReactNode;
}): ReactNode {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Container {
  const container = useContext(ContainerContext);
  if (!container) throw new Error("useContainer: no ContainerProvider above this component.");
  return container;
}
