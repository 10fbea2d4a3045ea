/**
 * A typed key for one service: at run time a symbol. The constructor type in the union is never a
 * value; it gives TypeScript a place to read T from wherever a key is passed (inversify's own
 * ServiceIdentifier has that shape), so the application ring names no container library.
 */
export type ServiceKey<T> = symbol | (abstract new () => T);

/**
 * What the UI asks the composition root for: the service bound to a key. The app's inversify
 * container is one; the UI never binds anything.
 */
export interface ServiceResolver {
  get<T>(key: ServiceKey<T>): T;
}
