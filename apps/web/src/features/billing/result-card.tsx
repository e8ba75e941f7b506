import { Box, Container, Icon, Stack } from '@chakra-ui/react';
import { findPlan, type PlanId } from '@shunkan/config/plans';
import type { ReactNode } from 'react';
import { findCatalogPlan, getPlanCatalogue, type CatalogPlan } from './plan-catalogue';

/** The plan name for result screens: the catalogue's (admin-editable) name, else the default. */
export function usePlanName(planId: PlanId): { plan: CatalogPlan | undefined; name: string } {
  const plan = findCatalogPlan(getPlanCatalogue(), planId);
  return { plan, name: plan?.name ?? findPlan(planId).name };
}

/** The card of the payment result screens (success, cancelled). */
export function ResultCard({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Container maxW="lg" py={{ base: 8, md: 16 }}>
      <Box bg="white" borderRadius="xl" boxShadow="md" p={{ base: 6, md: 8 }}>
        <Stack gap="5" align="stretch">
          <Icon boxSize="12" mx="auto" color="blue.600">
            {icon}
          </Icon>
          {children}
        </Stack>
      </Box>
    </Container>
  );
}

