import { custom, type Transport } from "viem";

export type RpcCall = { method: string; params: unknown };

/** A viem transport answered by a function, recording every JSON-RPC call (no network). */
export function scriptedTransport(answer: (call: RpcCall) => unknown): {
  transport: Transport;
  calls: RpcCall[];
} {
  const calls: RpcCall[] = [];
  const transport = custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        const call = { method, params };
        calls.push(call);
        return answer(call);
      },
    },
    { retryCount: 0 },
  );
  return { transport, calls };
}
