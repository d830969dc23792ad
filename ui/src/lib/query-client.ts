import { QueryClient } from '@tanstack/react-query'
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Every failure already raised a notice; a retry would repeat it.
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
