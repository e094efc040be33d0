/** Signs in over real HTTP and answers the Cookie header a browser would send, and the token its writes carry. */
export const signInOverHttp = async (url: string, login: string) => {
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', ...value] = pair.split('=')
      jar.set(name, value.join('='))
    }
  }
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  keep(await fetch(`${url}/sanctum/csrf-cookie`))
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ login, password: 'Demo1234!' }),
  })
  if (response.status !== 200)
    throw new Error(`Sign-in as ${login} failed: ${response.status} ${await response.text()}`)
  keep(response)
  const user = ((await response.json()) as { user: { id: number } }).user
  return { cookie: header(), userId: user.id, xsrf: jar.get('XSRF-TOKEN') ?? '' }
}
