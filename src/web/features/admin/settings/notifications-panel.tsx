import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_LOCATIONS,
  NOTIFICATION_TYPES,
  type NotificationAudience,
  type NotificationType,
} from '#shared/constants';
import { formatDateTime } from '#shared/dates';
import { type AdminNotification, notificationCreateRequest } from '#shared/schemas/settings';
import { fromShopLocalInput, toShopLocalInput } from '#shared/shop-time-input';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Empty } from '../../../components/ui/empty';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../../components/ui/fields';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { LoadError } from '../../../components/ui/load-error';
import { Loading } from '../../../components/ui/loading';
import { toast } from '../../../components/ui/toast';
import { applyServerError } from '../../../lib/form-errors';
import { alsoChecks } from '../../../lib/form-schema';
import { liveTopics, useLive } from '../../../lib/live';
import BannerView from '../../notifications/banner-view';
import { isPermissionError } from './form-errors';
import { OutOfStockPanel } from './out-of-stock-panel';
import { useDeleteNotification, useNotifications, useSaveNotification } from './settings-api';
import { words } from './words';

const PERMISSION_DENIED =
  'You do not have permission to create/update/delete notifications. Please ensure you have admin privileges.';
const SAVE_FAILED = 'Failed to create/update notification. Please try again.';

const VIEWS = [
  { key: 'site', label: 'Site Notifications' },
  { key: 'out-of-stock', label: 'Out of Stock Settings' },
] as const;

/** Settings → Notifications, with its two pages: Site Notifications and Out of Stock Settings. */
export function NotificationsPanel() {
  const [params] = useSearchParams();
  const view = params.get('view') === 'out-of-stock' ? 'out-of-stock' : 'site';
  return (
    <>
      <nav aria-label="Notification settings" className="border-b border-neutral-200">
        <ul className="flex flex-wrap gap-x-5">
          {VIEWS.map((item) => {
            const active = item.key === view;
            const href = `?tab=settings&section=notifications${item.key === 'site' ? '' : `&view=${item.key}`}`;
            return (
              <li key={item.key}>
                <Link
                  to={href}
                  aria-current={active ? 'page' : undefined}
                  className={`-mb-px inline-flex min-h-11 items-center border-b-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-neutral-900 ${
                    active
                      ? 'border-neutral-900 text-neutral-900'
                      : 'border-transparent text-neutral-600 hover:text-neutral-900'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-5">{view === 'site' ? <SiteNotifications /> : <OutOfStockPanel />}</div>
    </>
  );
}

const STATE_TONE: Record<AdminNotification['state'], BadgeTone> = {
  active: 'green',
  scheduled: 'blue',
  ended: 'grey',
  inactive: 'grey',
};

const TYPE_TONE: Record<NotificationType, BadgeTone> = {
  info: 'blue',
  warning: 'amber',
  promotional: 'purple',
  success: 'green',
  error: 'red',
};

const AUDIENCE_WORDS: Record<NotificationAudience, string> = {
  all: 'Everyone',
  new_users: 'New users',
  returning_users: 'Returning users',
};

function SiteNotifications() {
  const query = useNotifications();
  const save = useSaveNotification();
  const remove = useDeleteNotification();
  const [editing, setEditing] = useState<AdminNotification | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminNotification | null>(null);
  // Another admin's change reaches this list at once.
  useLive([liveTopics.adminNotifications], () => void query.refetch());

  const toggle = (notification: AdminNotification) =>
    save.mutate(
      { id: notification.id, changes: { isActive: !notification.isActive } },
      {
        onSuccess: () => toast.success('Success', 'Notification updated successfully'),
        onError: (error) =>
          isPermissionError(error)
            ? toast.error('Permission Denied', PERMISSION_DENIED)
            : toast.error('Error', SAVE_FAILED),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Success', 'Notification deleted successfully');
        setDeleting(null);
      },
      onError: (error) => {
        if (isPermissionError(error)) toast.error('Permission Denied', PERMISSION_DENIED);
        else toast.error('Error', 'Failed to delete notification. Please try again.');
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-neutral-600">
          Messages in the banner above the shop. A notification shows while it is active, after its start and
          before its end (Lagos time).
        </p>
        <Button size="sm" onClick={() => setEditing('new')}>
          Add Notification
        </Button>
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <Loading what="notifications" />
        ) : query.isError ? (
          <LoadError message="Failed to load notifications" onRetry={() => void query.refetch()} />
        ) : query.data.notifications.length === 0 ? (
          <Empty>No notifications yet. Add one to show a message in the shop's banner.</Empty>
        ) : (
          <ul className="space-y-3" aria-label="Site notifications">
            {query.data.notifications.map((notification) => (
              <li key={notification.id}>
                <Card>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <h3 className="min-w-0 break-words font-bold">{notification.title}</h3>
                    <div className="flex flex-wrap gap-1.5">
                      <Badge tone={STATE_TONE[notification.state]}>{words(notification.state)}</Badge>
                      <Badge tone={TYPE_TONE[notification.type]}>{words(notification.type)}</Badge>
                    </div>
                  </div>
                  <p className="mt-1 break-words text-sm text-neutral-700">{notification.content}</p>
                  <dl className="mt-3 grid gap-x-6 gap-y-1 text-xs text-neutral-600 sm:grid-cols-2">
                    <div>
                      <dt className="inline font-semibold">Shown: </dt>
                      <dd className="inline">
                        {words(notification.displayLocation)} · {AUDIENCE_WORDS[notification.targetAudience]}
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-semibold">When: </dt>
                      <dd className="inline">
                        {formatDateTime(notification.startDate)} –{' '}
                        {notification.endDate ? formatDateTime(notification.endDate) : 'no end date'}
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setEditing(notification)}
                      aria-label={`Edit ${notification.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => toggle(notification)}
                      busy={save.isPending && save.variables?.id === notification.id}
                      aria-label={`${notification.isActive ? 'Deactivate' : 'Activate'} ${notification.title}`}
                    >
                      {notification.isActive ? 'Deactivate' : 'Activate'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-800"
                      onClick={() => setDeleting(notification)}
                      aria-label={`Delete ${notification.title}`}
                    >
                      Delete
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing ? (
        <NotificationDialog
          notification={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this notification?"
        message={
          deleting ? `'${deleting.title}' will be removed from the banner and cannot be restored.` : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** A time typed in Lagos time → ISO; a text that is no time goes as it is, for the schema to name. */
const lagosTime = z.string().transform((text) => fromShopLocalInput(text) ?? text);

/**
 * The notification as typed (its times in Lagos time, as the fields hold them) → the request the
 * server checks, with the same schema (`notificationCreateRequest`); an empty end date is null:
 * the notification runs until it is deactivated.
 */
export function notificationForm() {
  const { title, content, type, targetAudience, displayLocation, isActive, startDate, endDate } =
    notificationCreateRequest.shape;
  return z
    .object({
      title,
      content,
      // The form always has them: the request's defaults are for callers that leave them out.
      type: type.unwrap(),
      targetAudience: targetAudience.unwrap(),
      displayLocation: displayLocation.unwrap(),
      isActive: isActive.unwrap(),
      startDate: lagosTime.pipe(startDate),
      endDate: z
        .string()
        .transform((text) => (text ? (fromShopLocalInput(text) ?? text) : null))
        .pipe(endDate.unwrap()),
    })
    .superRefine(alsoChecks(notificationCreateRequest));
}
type FormValues = z.input<ReturnType<typeof notificationForm>>;
type Request = z.output<ReturnType<typeof notificationForm>>;

const FIELDS = [
  'title',
  'content',
  'type',
  'targetAudience',
  'displayLocation',
  'startDate',
  'endDate',
  'isActive',
] as const;

const valuesOf = (notification: AdminNotification | null): FormValues =>
  notification
    ? {
        title: notification.title,
        content: notification.content,
        type: notification.type,
        targetAudience: notification.targetAudience,
        displayLocation: notification.displayLocation,
        startDate: toShopLocalInput(notification.startDate),
        endDate: notification.endDate ? toShopLocalInput(notification.endDate) : '',
        isActive: notification.isActive,
      }
    : {
        title: '',
        content: '',
        type: 'info',
        targetAudience: 'all',
        displayLocation: 'site_wide',
        startDate: toShopLocalInput(new Date()),
        endDate: '',
        isActive: true,
      };

/** Create or edit, with a live preview of the banner as shoppers will see it. */
function NotificationDialog({
  notification,
  onClose,
}: {
  notification: AdminNotification | null;
  onClose: () => void;
}) {
  const save = useSaveNotification();
  const { register, handleSubmit, formState, setError, control } = useForm<FormValues, unknown, Request>({
    resolver: zodResolver(notificationForm()),
    defaultValues: valuesOf(notification),
  });
  const { errors } = formState;
  const [title, content, type, displayLocation] = useWatch({
    control,
    name: ['title', 'content', 'type', 'displayLocation'],
  });

  const submit = handleSubmit((changes) =>
    save.mutate(
      { id: notification?.id, changes },
      {
        onSuccess: () => {
          toast.success(
            'Success',
            notification ? 'Notification updated successfully' : 'Notification created successfully',
          );
          onClose();
        },
        onError: (error) => {
          if (isPermissionError(error)) {
            toast.error('Permission Denied', PERMISSION_DENIED);
            return;
          }
          applyServerError(error, setError, FIELDS, '');
          toast.error('Error', SAVE_FAILED);
        },
      },
    ),
  );

  const option = (value: string) => ({ value, label: words(value) });
  return (
    <Dialog
      open
      onClose={onClose}
      title={notification ? 'Edit Notification' : 'Add Notification'}
      closeLabel="Close"
      size="xl"
      dismissible={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="grid gap-4 p-5 sm:grid-cols-2">
        <TextField
          label="Title"
          className="sm:col-span-2"
          maxLength={120}
          error={errors.title?.message}
          data-autofocus
          {...register('title')}
        />
        <TextareaField
          label="Content"
          className="sm:col-span-2"
          maxLength={500}
          error={errors.content?.message}
          {...register('content')}
        />
        <SelectField
          label="Type"
          options={NOTIFICATION_TYPES.map(option)}
          error={errors.type?.message}
          {...register('type')}
        />
        <SelectField
          label="Target audience"
          options={NOTIFICATION_AUDIENCES.map((value) => ({ value, label: AUDIENCE_WORDS[value] }))}
          error={errors.targetAudience?.message}
          {...register('targetAudience')}
        />
        <SelectField
          label="Display location"
          className="sm:col-span-2"
          options={NOTIFICATION_LOCATIONS.map(option)}
          error={errors.displayLocation?.message}
          {...register('displayLocation')}
        />
        <DateTimeField label="Start date" error={errors.startDate?.message} {...register('startDate')} />
        <DateTimeField
          label="End date (optional)"
          hint="Leave empty to show it until you deactivate it."
          error={errors.endDate?.message}
          {...register('endDate')}
        />
        <CheckboxField label="Active" className="sm:col-span-2" {...register('isActive')} />
        <figure className="min-w-0 sm:col-span-2">
          <figcaption className="text-sm font-semibold text-neutral-800">Preview</figcaption>
          <div className="mt-1 overflow-hidden rounded border border-neutral-200">
            <BannerView
              notifications={[
                {
                  id: '00000000-0000-4000-8000-000000000000',
                  title: title.trim() || 'Title',
                  content: content.trim() || 'Content',
                  type,
                  displayLocation,
                },
              ]}
              onDismiss={() => undefined}
            />
          </div>
        </figure>
        <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            {notification ? 'Save Changes' : 'Create Notification'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A date and time typed in Lagos time; every other prop (`register`'s) goes to the input. */
function DateTimeField({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string } & Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return (
    <FormField label={label} hint={hint ?? 'Lagos time'} error={error}>
      {(control) => <input type="datetime-local" {...control} {...input} className={inputClass} />}
    </FormField>
  );
}
