import type { ServiceIdentifier } from "inversify";
import { useCallback, useMemo } from "react";
import { useContainer } from "./ContainerContext";

/** The project's own hook (inversify-react does not support inversify 8): resolves a binding once per container. */
export function useInjection<T>(id: ServiceIdentifier<T>): T {
  const container = useContainer();
  return useMemo(() => container.get<T>(id), [container, id]);
}

/**
 * A function that resolves the binding when called, for use cases whose adapters arrive with the
 * wallet stack (bindChainAdapters): call it inside a query or mutation function, which runs only
 * once a wallet is connected, never during render.
 */
export function useLazyInjection<T>(id: ServiceIdentifier<T>): () => T {
  const container = useContainer();
  return useCallback(() => container.get<T>(id), [container, id]);
}
