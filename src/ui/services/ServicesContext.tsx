import { createContext, useContext, type ReactNode } from "react";
import type { ServiceResolver } from "../../application/serviceResolver";

const ServicesContext = createContext<ServiceResolver | null>(null);

/** Hands the composition root's container to the screens (src/app/providers supplies it). */
export function ServicesProvider({
  services,
  children,
}: {
  services: ServiceResolver;
  children: ReactNode;
}): ReactNode {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): ServiceResolver {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices: no ServicesProvider above this component.");
  return services;
}
