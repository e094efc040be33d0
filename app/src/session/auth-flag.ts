/** The spec remembers authentication as a flag in local storage. */
export const AUTH_FLAG_KEY = 'procura.authenticated'

export const isAuthenticated = (): boolean => localStorage.getItem(AUTH_FLAG_KEY) === '1'

export const setAuthenticated = (value: boolean) => {
  if (value) localStorage.setItem(AUTH_FLAG_KEY, '1')
  else localStorage.removeItem(AUTH_FLAG_KEY)
}
