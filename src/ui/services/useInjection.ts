import { useCallback, useMemo } from "react";
import type { ServiceKey } from "../../application/serviceResolver";
import { useServices } from "./ServicesContext";

/** The project's own hook (inversify-react does not support inversify 8): resolves a binding once per container. */
export function useInjection<T>(key: ServiceKey<T>): T {
  const services = useServices();
  return useMemo(() => services.get<T>(key), [services, key]);
}

/**
 * A function that resolves the binding when called, for use cases whose adapters arrive with the
 * wallet stack (the app binds them when it loads): call it inside a query or mutation function, which runs only
 * once a wallet is connected, never during render.
 */
export function useLazyInjection<T>(key: ServiceKey<T>): () => T {
  const services = useServices();
  return useCallback(() => services.get<T>(key), [services, key]);
}
