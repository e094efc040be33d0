import '@procura/ui-kit/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { basePath } from './base-path'
import { createI18n, initialLanguage, rememberLanguage } from './i18n/i18n'
import { SHELL_NAMESPACE } from './i18n/namespaces'
import { applyTheme } from './shell/theme'

applyTheme()
const language = initialLanguage(localStorage, document, navigator)
rememberLanguage(language)
const root = document.getElementById('root')
if (root === null) throw new Error('index.html has no #root element')
const i18n = createI18n(language)
// The reader's shell texts (one small chunk) before the first render: no untranslated flash.
void i18n.loadNamespaces(SHELL_NAMESPACE).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} basename={basePath()} />
    </StrictMode>,
  ),
)
