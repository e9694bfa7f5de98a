/** Attacker-controlled strings the devnet puts on chain so the site's escaping and URL filtering are exercised. */
export const SCRIPT = '<script>alert(1)</script>';
export const IMG_ONERROR = '<img src=x onerror=alert(1)>';
export const JS_URL = 'javascript:alert(1)';
export const RLO = '\u202E';
export const LONG_NAME =
  'The Extraordinarily Long And Completely Unreasonable Token Name That Keeps Going Far Beyond Any Column Width ' +
  'Anyone Would Ever Design For, Repeating Itself To Test Truncation, Wrapping And Overflow Handling In Every Single ' +
  'Table, Card, Title, Breadcrumb, Tooltip And Search Suggestion Of The Explorer Without Breaking The Page Layout At All';

/** Hostile ERC-20s deployed with the ordinary Token contract (their strings are valid UTF-8). */
export const HOSTILE_ERC20 = [
  { role: 'script', name: SCRIPT, symbol: IMG_ONERROR, decimals: 18 },
  { role: 'long-name', name: LONG_NAME, symbol: 'LONGLONGLONGLONGLONGLONGLONGLONG', decimals: 18 },
  { role: 'rtl', name: `Tether USD ${RLO}gpj.exe`, symbol: `${RLO}DSU`, decimals: 6 },
] as const;

/** name() and symbol() bytes of BadUtf8Token: a stray 0xFF 0xFE, a broken 2-byte sequence, an encoded surrogate, a truncated 3-byte sequence. */
export const BAD_UTF8_NAME = '0x53544f20fffe20c32820eda080';
export const BAD_UTF8_SYMBOL = '0x424144e282';

/** Name and symbol of the hostile ERC-721 collection. */
export const HOSTILE_NFT_NAME = `${IMG_ONERROR} Hostile Collection ${RLO}tfn`;
export const HOSTILE_NFT_SYMBOL = SCRIPT;

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function jsonUri(meta: unknown): string {
  return `data:application/json;base64,${b64(JSON.stringify(meta))}`;
}

const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" onload="alert(1)">' +
  '<script>alert(1)</script><rect width="100" height="100" fill="#b91c1c"/>' +
  '<foreignObject width="100" height="100"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="alert(1)"/></foreignObject></svg>';

/** Token URIs minted on the hostile ERC-721, keyed by what each one attacks (token ids follow this order, from 1). */
export const HOSTILE_NFT_URIS: Record<string, string> = {
  script: jsonUri({
    name: SCRIPT,
    description: IMG_ONERROR,
    image: JS_URL,
    attributes: [
      { trait_type: 'Payload', value: SCRIPT },
      { trait_type: IMG_ONERROR, value: IMG_ONERROR },
    ],
  }),
  longName: jsonUri({
    name: LONG_NAME,
    description: `${RLO}This description is reversed by a right-to-left override. ${SCRIPT}`,
    image: `data:image/svg+xml;base64,${b64(SVG_WITH_SCRIPT)}`,
    attributes: [
      { trait_type: 'Name length', value: LONG_NAME.length },
      { trait_type: 'Direction', value: `${RLO}txet desrever` },
    ],
  }),
  javascriptUrls: jsonUri({
    name: `Harmless looking ${RLO}gnp.exe`,
    description: '<a href="javascript:alert(1)">click me</a>',
    image: `${JS_URL}//.png`,
    external_url: JS_URL,
    animation_url: JS_URL,
    attributes: [{ trait_type: 'Link', value: '<a href=javascript:alert(1)>x</a>' }],
  }),
  rawJavascriptUri: JS_URL,
  brokenJson: `data:application/json;base64,${b64(`{"name":"${SCRIPT}","description":`)}`,
  plainJson: `data:application/json;utf8,${JSON.stringify({
    name: IMG_ONERROR,
    description: 'Metadata as a non-base64 data: URI',
    image: `data:text/html;base64,${b64(`<html><body>${SCRIPT}</body></html>`)}`,
    attributes: [{ trait_type: 'Kind', value: SCRIPT }],
  })}`,
};
