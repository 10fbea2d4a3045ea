import type { ServiceIdentifier } from "inversify";
import { useMemo } from "react";
import { useContainer } from "./ContainerContext";

/** The project's own hook (inversify-react does not support inversify 8): resolves a binding once per container. */
export function useInjection<T>(id: ServiceIdentifier<T>): T {
  const container = useContainer();
  return useMemo(() => container.get<T>(id), [container, id]);
}
