import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '@/components/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { announcementFeedQuery, type AnnouncementFeedItem } from './announcements.api';

const dateOf = (iso: string) => iso.slice(0, 10);

/** One announcement as readers see it: the server's sanitized HTML (rendered and allow-listed there, never here). */
export function AnnouncementArticle({ item }: { item: AnnouncementFeedItem }) {
  return (
    <article aria-labelledby={`announcement-${item.id}`} className="border-b pb-3 last:border-b-0 last:pb-0">
      <h3 id={`announcement-${item.id}`} className="font-medium">
        {item.title}
      </h3>
      <p className="text-muted-foreground text-xs">
        Posted {dateOf(item.publish_at)}
        {item.event_on ? ` · Event on ${item.event_on}` : ''}
      </p>
      <div className="prose prose-sm dark:prose-invert mt-2 max-w-none text-sm [&_a]:underline [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5" dangerouslySetInnerHTML={{ __html: item.body_html }} />
    </article>
  );
}

/** The caller's announcements (the dashboard and My Account); nothing at all when they may not read any. */
export function AnnouncementFeed({ limit = 5 }: { limit?: number }) {
  const feed = useQuery({ ...announcementFeedQuery(limit), retry: false });
  if (feed.isError) return null;
  return (
    <SectionCard title="Announcements" description="News from the association, newest first">
      {feed.isPending ? <Skeleton className="h-24" role="status" aria-label="Loading announcements" /> : null}
      {feed.data && feed.data.rows.length === 0 ? <p className="text-muted-foreground text-sm">No announcements yet</p> : null}
      {feed.data?.rows.map((item) => <AnnouncementArticle key={item.id} item={item} />)}
    </SectionCard>
  );
}
