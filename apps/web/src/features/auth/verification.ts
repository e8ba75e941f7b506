/** Where the verification mail's link leads (the /confirm page). */
export function verificationSettings() {
  return { url: `${window.location.origin}/confirm` };
}
