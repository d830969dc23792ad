/**
 * Path-based lookups into the generated OpenAPI types (`api-schema.d.ts`, from
 * `npm run gen:api`). Path-based so that renamed schemas in the generated
 * document do not break the feature code.
 */
import type { paths } from './api-schema'

export type ApiPath = keyof paths
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

type Operation<P extends ApiPath, M extends HttpMethod> = NonNullable<paths[P][M]>

/** The JSON body of a response or request (poem-openapi names it `application/json; charset=utf-8`). */
type JsonContent<R> = R extends { content: infer C } ? C[Extract<keyof C, `application/json${string}`>] : never

/** JSON body of response `S` (default 200) of `M P`. */
export type ApiResponse<P extends ApiPath, M extends HttpMethod, S extends number = 200> =
  Operation<P, M> extends { responses: infer R } ? (S extends keyof R ? JsonContent<R[S]> : never) : never

/** JSON request body of `M P`. */
export type ApiRequestBody<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonContent<NonNullable<B>> : never

/** Query parameters of `M P`. */
export type ApiQuery<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never

/** Path parameters of `M P`. */
export type ApiPathParams<P extends ApiPath, M extends HttpMethod> =
  Operation<P, M> extends { parameters: { path?: infer Q } } ? NonNullable<Q> : never

/** The error body every endpoint uses: `{ message, errors }`. */
export interface ApiErrorBody {
  message?: string
  errors?: string[]
}
