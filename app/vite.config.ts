import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * Built with relative asset paths: the server inserts <base href="BASE_PATH/"> into index.html,
 * so BASE_PATH can change without a rebuild. In development the app runs under /app/ and the
 * API calls go to the server on port 8080.
 */
export default defineConfig(({ command }) => ({
  base: command === 'serve' ? '/app/' : './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/bwapi', '/login', '/logout', '/sanctum', '/sso'].map((path) => [path, 'http://localhost:8080']),
    ),
  },
}))
