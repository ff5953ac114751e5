// The videos of both kinds (spec section 7, /v1/files/monsterplan-videos and /v1/files/lesson-videos):
// the paged list, the upload with its progress, publish {id, name, translateUrl}, delete, the
// subtitles of a video, and its transcoding job (shown per row, polled while it runs, retried).
import type { media, Page } from '@learning/contracts';
import { api, keepPreviousData, lessonsKey, monsterplansKey, upload, useMutation, useQuery, useQueryClient } from '@learning/platform';
import { videosKey } from './keys';
import { fetchAllPages, rowsPerPage } from './paging';

export const videoKinds = ['monsterplan', 'lesson'] as const;
export type VideoKind = (typeof videoKinds)[number];

export interface Video {
  _id: string;
  name: string;
  translateUrl: string;
  /** Set once the administrator has published it with a name; only published videos go into bundles. */
  isPublished?: boolean;
  hasSubtitle?: boolean;
  /** The media service's facts, which tell same-named videos apart. */
  kind?: VideoKind;
  /** Seconds, when the media service could probe it. */
  duration?: number | null;
  /** When it was uploaded. */
  createdAt?: string;
  /** Its HLS ladder's job; null (or absent) for a video uploaded before, or with transcoding off. */
  transcoding?: media.Transcoding | null;
}

/** How often the list asks again while a job of the page is queued or running; TanStack Query stops while the tab is hidden. */
export const transcodingPollMs = 3000;

const isTranscoding = (video: Video) => video.transcoding?.state === 'queued' || video.transcoding?.state === 'transcoding';

export const videosPath = (kind: VideoKind) => `/v1/files/${kind}-videos`;
const videoPath = (kind: VideoKind, id: string) => `${videosPath(kind)}/${encodeURIComponent(id)}`;

export function isVideoKind(value: string | null): value is VideoKind {
  return videoKinds.includes(value as VideoKind);
}

export function isPublished(video: Video): boolean {
  return video.isPublished ?? video.name.trim() !== '';
}

export function useVideos(kind: VideoKind, page: number) {
  return useQuery({
    queryKey: [...videosKey(kind), 'page', page],
    queryFn: ({ signal }) => api.get<Page<Video>>(videosPath(kind), { perPage: rowsPerPage, currentPage: page }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.result.some(isTranscoding) ? transcodingPollMs : false),
  });
}

/** Every published video of a kind, for a bundle's or a plan's choice of videos. */
export function usePublishedVideos(kind: VideoKind) {
  return useQuery({
    queryKey: [...videosKey(kind), 'all'],
    queryFn: async ({ signal }) => (await fetchAllPages<Video>(videosPath(kind), signal)).filter(isPublished),
  });
}

/** POST multipart with the field `video`, reporting the progress 0–100; answers the new video. */
export function uploadVideo(kind: VideoKind, file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<Video> {
  const form = new FormData();
  form.append('video', file, file.name);
  return upload<Video>(videosPath(kind), form, { onProgress, signal });
}

export function usePublishVideo(kind: VideoKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; name: string; translateUrl: string }) => api.put<Video>(videoPath(kind, body.id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videosKey(kind) }),
  });
}

export function useDeleteVideo(kind: VideoKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (video: Video) => api.delete<void>(videoPath(kind, video._id)),
    // Bundles and plans drop a deleted video.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videosKey(kind) }),
        queryClient.invalidateQueries({ queryKey: kind === 'lesson' ? lessonsKey : monsterplansKey }),
      ]),
  });
}

/** POST …/{id}/transcoding: a failed job queued again (202 with the video); 409 when it has not failed. */
export function useRetryTranscoding(kind: VideoKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (video: Video) => api.post<Video>(`${videoPath(kind, video._id)}/transcoding`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videosKey(kind) }),
  });
}

export function useUploadSubtitle(kind: VideoKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ video, file }: { video: Video; file: File }) => {
      const form = new FormData();
      form.append('subtitle', file, file.name);
      return upload<Video>(`${videoPath(kind, video._id)}/subtitle`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videosKey(kind) }),
  });
}
