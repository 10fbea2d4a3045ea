import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API server (src/server) answers under /api; the local stack tells Vite where it listens.
const apiTarget = process.env.POO_API_PROXY_TARGET ?? "http://127.0.0.1:8787";
const proxy = { "/api": { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  envPrefix: "VITE_",
  server: { host: "127.0.0.1", port: 5173, strictPort: true, proxy },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true, proxy },
  build: { sourcemap: true, target: "es2022" },
});
