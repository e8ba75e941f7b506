import { getIdToken } from '../../lib/firebase';

/**
 * Downloads GET /api/admin/export/{kind} with the admin's token (a plain link could not carry it) and
 * saves it under the server's file name ({kind}-export-{YYYY-MM-DD}.csv, JST date).
 */
export async function downloadExport(kind: 'users' | 'sessions'): Promise<string> {
  const token = await getIdToken();
  const response = await fetch(`/api/admin/export/${kind}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${kind}-export.csv`;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
