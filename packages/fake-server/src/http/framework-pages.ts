/**
 * The framework's HTML error pages, byte for byte as the service sends them
 * with `DEBUG=False` (`docs/reference.md#routes`).
 * @module
 */

// The framework's plain error page, one template for its 400 and 404
// (note the leading newline, which the wire sample shows).
const errorPage = (title: string, details: string): string => `
<!doctype html>
<html lang="en">
<head>
  <title>${title}</title>
</head>
<body>
  <h1>${title}</h1><p>${details}</p>
</body>
</html>
`;

/** The 404 page: unknown routes and unknown check UUIDs. */
export const NOT_FOUND_PAGE = errorPage("Not Found", "The requested resource was not found on this server.");

/** The 400 page: a request the framework refuses before any view, such as a body over the upload limit. */
export const BAD_REQUEST_PAGE = errorPage("Bad Request (400)", "");

// The CSRF failure page is one template: its summary names the cookie only
// when the refusal's reason is the missing CSRF cookie.
const CSRF_HEAD = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta http-equiv="content-type" content="text/html; charset=utf-8">
  <meta name="robots" content="NONE,NOARCHIVE">
  <title>403 Forbidden</title>
  <style>
    html * { padding:0; margin:0; }
    body * { padding:10px 20px; }
    body * * { padding:0; }
    body { font-family: sans-serif; background:#eee; color:#000; }
    body>div { border-bottom:1px solid #ddd; }
    h1 { font-weight:normal; margin-bottom:.4em; }
    h1 span { font-size:60%; color:#666; font-weight:normal; }
    #info { background:#f6f6f6; }
    #info ul { margin: 0.5em 4em; }
    #info p, #summary p { padding-top:10px; }
    #summary { background: #ffc; }
    #explanation { background:#eee; border-bottom: 0px none; }
  </style>
</head>
<body>
<div id="summary">
  <h1>Forbidden <span>(403)</span></h1>
  <p>CSRF verification failed. Request aborted.</p>
`;
const CSRF_NO_COOKIE = `
  <p>You are seeing this message because this site requires a CSRF cookie when submitting forms. This cookie is required for security reasons, to ensure that your browser is not being hijacked by third parties.</p>
  <p>If you have configured your browser to disable cookies, please re-enable them, at least for this site, or for “same-origin” requests.</p>
`;
const CSRF_TAIL = `
</div>

<div id="explanation">
  <p><small>More information is available with DEBUG=True.</small></p>
</div>

</body>
</html>
`;

/** The CSRF failure page when the request had no CSRF cookie (`wire/403-csrf-http.html`). */
export const CSRF_NO_COOKIE_PAGE = `${CSRF_HEAD}\n${CSRF_NO_COOKIE}${CSRF_TAIL}`;

/** The CSRF failure page for any other reason (a foreign `Origin`, a cookie without its token). */
export const CSRF_OTHER_PAGE = `${CSRF_HEAD}\n${CSRF_TAIL}`;
