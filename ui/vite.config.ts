import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// During `vite dev` the Rust backend (`bayline serve`) answers /api, /user and /leadmanager/….
const backend = process.env.BAYLINE_DEV_BACKEND ?? 'http://127.0.0.1:8080'

const TESTS = 'src/**/*.test.{ts,tsx}'
const MOCKING_MODULES = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .map((name) => `src/${name}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(file, 'utf8').includes('vi.mock('))

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
    restoreMocks: true,
    // A hang guard, not a speed check: scripts/test runs these beside the Rust build.
    testTimeout: 20_000,
    projects: [
      // Most files share one page environment per worker: a fresh one per file cost more
      // than the tests themselves. Each file leaves the page clean (src/test/between-files.ts).
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: MOCKING_MODULES, isolate: false, setupFiles: ['src/test/between-files.ts'] } },
      // A file that replaces a module (vi.mock) gets its own, so the stand-in reaches no other file.
      { extends: true, test: { name: 'isolated', include: MOCKING_MODULES.length > 0 ? MOCKING_MODULES : ['-'] } },
    ],
  },
})
