import type { AuthCallback, AuthFailureCallback } from 'isomorphic-git'

/**
 * How a token reaches a git host over HTTP (import and sync alike): HTTP Basic with the token as
 * password and `oauth2` as user name — GitHub ignores the user name for a token, GitLab and Gitea
 * accept any with the token as password. Given only when the server asks (a 401), so a public
 * repository never receives it; a token the server refuses
 * is not retried (`cancel`), so the caller reports « authentification requise » after one round
 * trip instead of looping. The token lives in memory only: never in a URL, `.git/config` or a log.
 */

export const TOKEN_ENV = 'OKF_HUB_GIT_TOKEN'
export const TOKEN_USER = 'oauth2'

export interface TokenAuth {
  onAuth: AuthCallback
  onAuthFailure: AuthFailureCallback
  /** Set once the server asked for credentials (401), whether a token was given or not. */
  readonly asked: boolean
  /** Set when a token was given and refused. */
  readonly refused: boolean
}

export function tokenAuth(token: string | null | undefined): TokenAuth {
  const state = { asked: false, refused: false }
  return {
    onAuth: () => {
      state.asked = true
      return token ? { username: TOKEN_USER, password: token } : { cancel: true }
    },
    onAuthFailure: () => {
      state.refused = true
      return { cancel: true }
    },
    get asked() {
      return state.asked
    },
    get refused() {
      return state.refused
    }
  }
}

/** The token of the environment (the CLI and the MCP server), trimmed; null when unset or blank. */
export function envToken(env: NodeJS.ProcessEnv = process.env): string | null {
  const t = env[TOKEN_ENV]?.trim()
  return t ? t : null
}

/** A URL as it may be shown or logged: without any user name or password it carries. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (!u.username && !u.password) return url
    u.username = ''
    u.password = ''
    return u.toString()
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//')
  }
}
