/** Sent with every answer, including those of the front door and of the answer caches. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // The shop uses none of these features; nothing it embeds or loads may either.
  'permissions-policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  // No other site's window keeps a handle on the shop's (no opener across origins).
  'cross-origin-opener-policy': 'same-origin',
} as const;

/**
 * A shop served over https tells browsers to come back over https only, for a year, its
 * subdomains included (ASVS 5.0 3.4.1, level 2). Over plain http the header would mean nothing.
 */
export const transportSecurityHeaders = (publicUrl: string): Record<string, string> =>
  publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {};
