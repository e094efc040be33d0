import type { RouteObject } from 'react-router'
import { Shell } from '../shell/shell'
import { Dashboard } from './dashboard'
import { NotFound } from './not-found'

/** The route table. Paths are relative to the base path (BASE_PATH, "/app" by default). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    children: [{ index: true, element: <Dashboard /> }],
  },
  { path: '*', element: <NotFound /> },
]
