import optimizeLocales from '@react-aria/optimize-locales-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * Built with relative asset paths: the server inserts <base href="BASE_PATH/"> into index.html,
 * so BASE_PATH can change without a rebuild. In development the app runs under /app/ and the
 * API calls go to the server on port 8080.
 */
export default defineConfig(({ command }) => ({
  base: command === 'serve' ? '/app/' : './',
  plugins: [
    // React Aria ships its labels in 34 languages; Procura speaks three (core's LANGUAGES).
    optimizeLocales.vite({ locales: ['en-US', 'es-ES', 'fr-FR'] }),
    react(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The error catalogue (every message in every language) in a chunk of its own, loaded with
        // the first form that checks before sending — never merged into what the first page needs.
        codeSplitting: {
          // Only what a group names goes in it (its dependencies, small shared modules, stay shared).
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'error-catalogue',
              test: /core[\\/]src[\\/]errors[\\/](messages[\\/](?!pages)|catalogue|parse|translate)|app[\\/]src[\\/]forms[\\/]check/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/bwapi', '/login', '/logout', '/sanctum', '/sso'].map((path) => [path, 'http://localhost:8080']),
    ),
  },
}))
