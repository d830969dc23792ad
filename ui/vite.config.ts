import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// During `vite dev` the Rust backend (`bayline serve`) answers /api, /user and /leadmanager/….
const backend = process.env.BAYLINE_DEV_BACKEND ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/user': { target: backend, changeOrigin: false },
      // The appointment editor's customer picker (the spec's path); `/leadmanager` itself is a screen.
      '/leadmanager/': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A hang guard, not a speed check: scripts/test runs these beside the Rust build.
    testTimeout: 20_000,
  },
})
