import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { TEXT } from '@shunkan/config/texts';
import { CenteredCard } from '@shunkan/ui/components';
import { Link } from '@tanstack/react-router';
import { AdminDashboard } from '../features/admin/admin-dashboard';
import type { AdminSearch } from '../lib/search';

export function AdminDenied() {
  return (
    <CenteredCard>
      <Stack align="center" gap="4" textAlign="center">
        <Heading as="h1" size="xl">
          {TEXT.adminDeniedTitle}
        </Heading>
        <Text>{TEXT.adminDeniedBody}</Text>
        <Button asChild colorPalette="blue">
          <Link to="/">ホームに戻る</Link>
        </Button>
      </Stack>
    </CenteredCard>
  );
}

/** Denied unless the server says isAdmin (the route's guard asks it); every admin call is checked again on the server. */
export function AdminPage({ isAdmin, search }: { isAdmin: boolean; search: AdminSearch }) {
  if (!isAdmin) return <AdminDenied />;
  return <AdminDashboard tab={search.tab ?? 'overview'} tool={search.tool} sessionId={search.session_id} />;
}
