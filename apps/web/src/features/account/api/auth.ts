import type { AuthResponse, LoginRequest, RegisterRequest, RetrieveRequest } from '@tidemark/contract';
import { apiPost, type CallOptions } from '../../../lib/api.ts';

/** Sign-up, login, logout and password reset (the `auth` area of the server). */
export const login = (body: LoginRequest, opts?: CallOptions): Promise<AuthResponse> =>
  apiPost<AuthResponse>('/xb/v1/auth/login', body, opts);

export const register = (body: RegisterRequest): Promise<AuthResponse> =>
  apiPost<AuthResponse>('/xb/v1/auth/register', body);

export const retrievePassword = (body: RetrieveRequest): Promise<unknown> => apiPost('/xb/v1/auth/retrieve', body);
