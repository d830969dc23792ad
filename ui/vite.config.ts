import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// During `vite dev` the Rust backend (`bayline serve`) answers /api and /user.
const backend = process.env.BAYLINE_DEV_BACKEND ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/user': { target: backend, changeOrigin: false },
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
  },
})
