import '@testing-library/jest-dom/vitest'
import { setProjectAnnotations } from '@storybook/react-vite'
import { cleanup, configure } from '@testing-library/react'
import { clearAllMocks } from 'storybook/test'
import { afterEach } from 'vitest'

// findBy… and waitFor wait for a state, polling until it holds: give a busy 2-core machine time
// to reach it (lazily loaded texts, chunks) before calling it missing (the default is 1 s).
configure({ asyncUtilTimeout: 10_000 })

import preview from './.storybook/preview'

setProjectAnnotations(preview)
afterEach(() => {
  cleanup()
  // Story args share their fn() spies between tests.
  clearAllMocks()
})
