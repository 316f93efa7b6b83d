/** Bodies no contract schema generates: broken encodings, wrong types, limits, prototype keys. */
export const HOSTILE_BODIES: Array<{
  name: string;
  headers: Record<string, string>;
  payload: string | Buffer;
}> = [
  { name: 'cut JSON', headers: { 'content-type': 'application/json' }, payload: '{"id": ' },
  { name: 'JSON null', headers: { 'content-type': 'application/json' }, payload: 'null' },
  { name: 'JSON array', headers: { 'content-type': 'application/json' }, payload: '[1,2]' },
  { name: 'JSON string', headers: { 'content-type': 'application/json' }, payload: '"x"' },
  {
    name: 'JSON 1e400',
    headers: { 'content-type': 'application/json' },
    payload: '{"id":1e400,"page":1e400}',
  },
  {
    name: 'JSON nested 5000 deep',
    headers: { 'content-type': 'application/json' },
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
  },
  {
    name: 'JSON prototype keys',
    headers: { 'content-type': 'application/json' },
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  },
  {
    name: 'JSON with invalid UTF-8',
    headers: { 'content-type': 'application/json' },
    payload: Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  { name: 'JSON with a NUL', headers: { 'content-type': 'application/json' }, payload: '{"id":"1\\u0000"}' },
  {
    name: 'JSON over the body limit',
    headers: { 'content-type': 'application/json' },
    payload: `{"q":"${'x'.repeat(1024 * 1024 + 10)}"}`,
  },
  { name: 'JSON in UTF-16', headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' },
  {
    name: 'urlencoded broken escape',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'id=%&q=%E0%A4%A',
  },
  {
    name: 'urlencoded NUL',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '%00=%00',
  },
  {
    name: 'urlencoded repeated keys',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'id=1&id=2&id[a]=3',
  },
  { name: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, payload: '{}' },
  {
    name: 'multipart cut',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload: '--b\r\nContent-Disposition: form-data; name="id"\r\n\r\n1',
  },
  {
    name: 'multipart with a file',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload: '--b\r\nContent-Disposition: form-data; name="f"; filename="a.exe"\r\n\r\nMZ\r\n--b--\r\n',
  },
  {
    name: 'multipart part without a name',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload: '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n',
  },
  {
    name: 'multipart prototype field',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload: '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--b--\r\n',
  },
  {
    name: 'multipart JSON field that is not JSON',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload:
      '--b\r\nContent-Disposition: form-data; name="id"\r\nContent-Type: application/json\r\n\r\n{x\r\n--b--\r\n',
  },
  {
    name: 'multipart/mixed',
    headers: { 'content-type': 'multipart/mixed; boundary=b' },
    payload: '--b--\r\n',
  },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, payload: 'id=1' },
  { name: 'XML', headers: { 'content-type': 'application/xml' }, payload: '<id>1</id>' },
  { name: 'no content type', headers: {}, payload: 'id=1' },
];

/** Paths no router can decode: answered before routing, in the same error shape. */
export const HOSTILE_PATHS = ['/api/app/%E0%A4%A', '/api/%ff', '/%ff', '/api/app/ticket/info%00'];

export const HOSTILE_QUERIES = [
  'id=%',
  'id=%00',
  'sku=%ED%A0%80',
  'page=1e400',
  'page=-1',
  'id=1&id=2',
  'id[a]=1',
  '__proto__[x]=1',
  'lng=%00',
  `q=${'x'.repeat(20_000)}`,
];
