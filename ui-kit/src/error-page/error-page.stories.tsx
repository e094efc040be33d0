import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../button/button'
import { ErrorPage } from './error-page'

const meta = {
  title: 'Pages/ErrorPage',
  component: ErrorPage,
  parameters: { layout: 'fullscreen' },
  args: { status: 404, language: 'en' },
} satisfies Meta<typeof ErrorPage>

export default meta
type Story = StoryObj<typeof meta>

export const Forbidden: Story = { args: { status: 403 } }
export const NotFound: Story = { args: { status: 404, actions: <Button>Back to the dashboard</Button> } }
export const LinkExpired: Story = { args: { status: 498 } }
export const ServerError: Story = { args: { status: 500 } }
export const Maintenance: Story = {
  args: { status: 503, retryAfter: 120, extraMessage: 'We are upgrading Procura to version 2.' },
}
export const MaintenanceRetryLater: Story = { args: { status: 503 } }
export const NotFoundInFrench: Story = { args: { status: 404, language: 'fr' } }
export const MaintenanceInSpanish: Story = { args: { status: 503, language: 'es', retryAfter: 30 } }
