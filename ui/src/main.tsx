import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { rememberInitialQuery } from './lib/initial-query'
import { createQueryClient } from './lib/query-client'
import { createAppRouter } from './router'
import './styles/index.css'

rememberInitialQuery(window.location.search)

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
