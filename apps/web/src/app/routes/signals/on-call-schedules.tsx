import { MyShiftsPage } from '@/features/signals/on-call-schedules/components/my-shifts-page';
import { OnCallSchedulesPage } from '@/features/signals/on-call-schedules/components/on-call-schedules-page';
import {
  EditSchedulePage,
  NewSchedulePage,
} from '@/features/signals/on-call-schedules/components/schedule-editor-pages';
import { SchedulePage } from '@/features/signals/on-call-schedules/components/schedule-page';
import { ShiftHoursPage } from '@/features/signals/on-call-schedules/components/shift-hours-page';

/** /signals/on_call_schedules */
export function OnCallSchedulesRoute() {
  return <OnCallSchedulesPage />;
}

/** /signals/on_call_schedules/new */
export function NewScheduleRoute() {
  return <NewSchedulePage />;
}

/** /signals/on_call_schedules/my_shifts */
export function MyShiftsRoute() {
  return <MyShiftsPage />;
}

/** /signals/on_call_schedules/{id} */
export function ScheduleRoute() {
  return <SchedulePage />;
}

/** /signals/on_call_schedules/{id}/edit */
export function EditScheduleRoute() {
  return <EditSchedulePage />;
}

/** /analytics/shift_hours */
export function ShiftHoursRoute() {
  return <ShiftHoursPage />;
}
