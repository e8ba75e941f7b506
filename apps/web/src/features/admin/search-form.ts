import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';

/** A search box's text: trimmed, at most 200 characters (the server's limit for searches and ids). */
const searchForm = z.object({ query: z.string().check(z.trim(), z.maxLength(200)) });

/** The admin tabs' search boxes: the input's registration and the form's submit handler. */
export function useSearchForm(onSearch: (query: string) => void, initial = '') {
  const form = useForm({ resolver: zodResolver(searchForm), defaultValues: { query: initial } });
  return { input: form.register('query'), submit: form.handleSubmit(({ query }) => onSearch(query)) };
}
