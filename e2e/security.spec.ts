import { request as httpRequest } from 'node:http'
import { expect, GUIDE, test } from './helpers/fixtures'
import { openApp, snap } from './helpers/page'

interface Reply {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
    })
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

test('a wrong token, a foreign Host and a foreign Origin are refused', async ({ page, hub }) => {
  const host = `127.0.0.1:${hub.port}`
  const wrong = await page.goto(`${hub.origin}/?token=not-the-token`)
  expect(wrong?.status()).toBe(401)
  const noCookie = await send(
    hub.port,
    '/api/listBases',
    { Host: host, 'Content-Type': 'application/json' },
    'POST',
    '{"args":[]}'
  )
  expect(noCookie.status).toBe(401)
  const ok = await send(
    hub.port,
    '/api/listBases',
    { Host: host, 'Content-Type': 'application/json', Authorization: `Bearer ${hub.token}` },
    'POST',
    '{"args":[]}'
  )
  expect(ok.status).toBe(200)
  const rebinding = await send(
    hub.port,
    '/api/listBases',
    {
      Host: `evil.example:${hub.port}`,
      'Content-Type': 'application/json',
      Authorization: `Bearer ${hub.token}`
    },
    'POST',
    '{"args":[]}'
  )
  expect(rebinding.status).toBe(421)
  const crossSite = await send(
    hub.port,
    '/api/listBases',
    {
      Host: host,
      Origin: 'http://evil.example',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${hub.token}`
    },
    'POST',
    '{"args":[]}'
  )
  expect(crossSite.status).toBe(403)
  // The page itself, once allowed: served with its CSP, the token gone from the address bar.
  const res = await page.goto(hub.url)
  expect(page.url()).toBe(`${hub.origin}/`)
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'")
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveCount(1)
})

test('a proposal is untrusted: its HTML does not run, its links and images stay inert', async ({
  page,
  hub,
  agent
}, info) => {
  const id = await agent.propose({
    base: GUIDE,
    type: 'observation',
    concerns: 'Proposer : un contenu piégé',
    content: [
      'Texte **gras**.',
      '',
      '<script>window.__pwned = 1</script>',
      '<img src="x" onerror="window.__pwned = 2">',
      '',
      '[un lien](https://example.org/page) et [javascript](javascript:window.__pwned=3)',
      '',
      '![une image distante](https://example.org/tracker.png)'
    ].join('\n'),
    sources: ['https://example.org/source'],
    confidence: 'low',
    submitted_by: 'anonymous/0'
  })
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await openApp(page, hub, `#/base/${GUIDE}/proposal/${id}`)
  const detail = page.getByTestId('proposal-detail')
  await expect(detail).toContainText('<script>window.__pwned = 1</script>')
  await expect(detail.locator('script, img, iframe')).toHaveCount(0)
  await expect(detail.locator('a[href]')).toHaveCount(1) // the audit-trail link of the app, not the content's
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  await expect(detail).toContainText('une image distante')
  expect(requests.filter((u) => u.includes('example.org'))).toEqual([])
  // A click shows the real address first; nothing opens by itself.
  await detail.getByText('un lien').click()
  const dialog = page.getByTestId('link-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('https://example.org/page')
  await snap(page, info, 'security-link-dialog')
  await page.keyboard.press('Escape')
  await expect(detail.locator('[data-href^="javascript"]')).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
})
