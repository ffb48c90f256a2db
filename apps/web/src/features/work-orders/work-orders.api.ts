import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FunctionInput } from '@covenant/contracts/functions';
import type { WorkOrderDetail, WorkOrdersPage } from '@covenant/contracts/work-orders';
import { appRequest } from '@/lib/api';
import { invokeFunction } from '@/lib/entities';

/** Query root of the work orders (the board, My Account's requests, one order); every change invalidates it. */
export const workOrderKeys = { all: ['work-orders'] as const };

export const workOrdersQuery = () =>
  queryOptions({ queryKey: [...workOrderKeys.all, 'list'], queryFn: () => appRequest<WorkOrdersPage>('/work-orders?limit=500') });

export const workOrderQuery = (id: string) =>
  queryOptions({ queryKey: [...workOrderKeys.all, 'one', id], queryFn: () => appRequest<WorkOrderDetail>(`/work-orders/${id}`) });

type WorkOrderFunction = 'submitWorkOrder' | 'setWorkOrderStatus' | 'assignWorkOrderVendor' | 'linkWorkOrderBill' | 'addWorkOrderComment';

/** One of the work-order functions; the board and the order refresh with its answer. */
export function useWorkOrderCall<N extends WorkOrderFunction>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: FunctionInput<N>) => invokeFunction(name, params) as Promise<WorkOrderDetail>,
    onSuccess: (order) => {
      queryClient.setQueryData(workOrderQuery(order.id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: workOrderKeys.all });
    },
  });
}
