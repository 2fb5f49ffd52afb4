/**
 * The chat calls (issue 17) and the mapping of their answers to what the screens show (lib/types.ts). Query keys
 * start with `chat`: the realtime events `chat` and `chat_message` (to the two participants only) mark them stale,
 * so a new message, a read marker or a block shows without a reload.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

import { registerInvalidation } from '@/features/realtime';
import { api } from '@/lib/api/client';
import { ApiError, ensureOk, unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import type { PendingSend } from '../lib/composer';
import type { ChatDetail, ChatSummary, ChatUser, HistoryEntry, SeriesContext } from '../lib/types';

type Chat = components['schemas']['Chat'];
type ChatMessage = components['schemas']['ChatMessage'];
type ChatContext = components['schemas']['ChatContext'];

export const chatQueryKey = ['chat'] as const;
const chatsKey = [...chatQueryKey, 'list'] as const;
const chatKey = (chatId: string) => [...chatQueryKey, 'one', chatId] as const;
const historyKey = (chatId: string) => [...chatQueryKey, 'history', chatId] as const;
const chatUserKey = (accountId: string) => [...chatQueryKey, 'user', accountId] as const;

// A new message (`chat_message`) or a start, context change, read marker or block (`chat`): the list, the open
// conversation and its history refetch; the chat users (nicknames) do not change with them.
const liveKeys = () => [chatsKey, [...chatQueryKey, 'one'], [...chatQueryKey, 'history']];
registerInvalidation('chat', liveKeys);
registerInvalidation('chat_message', liveKeys);

/** Conversations shown in the sidebar: the most recently active 50 (the server's order). */
const chatsLimit = 50;
/** Messages per page of history. */
const historyPageSize = 30;

function context(value: ChatContext | null | undefined): SeriesContext | undefined {
  return value
    ? { seriesId: value.series_id, title: value.title, handle: value.handle }
    : undefined;
}

/** The participant who is not the viewer (the server lists the caller first). */
function otherOf(chat: Chat, viewerId: string): ChatUser {
  const other =
    chat.participants.find((party) => party.user_id !== viewerId) ?? chat.participants[1];
  return { userId: other?.user_id ?? '', nickname: other?.nickname ?? '' };
}

export function toSummary(chat: Chat, viewerId: string): ChatSummary {
  const last = chat.last_message;
  return {
    id: chat.id,
    other: otherOf(chat, viewerId),
    lastMessage:
      last?.kind === 'message'
        ? { body: last.body ?? '', sentAt: last.created_at, fromMe: last.sender_id === viewerId }
        : undefined,
    unread: chat.unread_count,
  };
}

export function toDetail(chat: Chat, viewerId: string): ChatDetail {
  return {
    id: chat.id,
    other: otherOf(chat, viewerId),
    context: context(chat.context),
    blockedByMe: chat.blocked_by_me,
  };
}

export function toEntry(message: ChatMessage, viewerId: string): HistoryEntry | undefined {
  if (message.kind === 'context') {
    const series = context(message.context);
    return series ? { kind: 'context', id: message.id, at: message.created_at, series } : undefined;
  }
  return {
    kind: 'message',
    id: message.id,
    body: message.body ?? '',
    sentAt: message.created_at,
    fromMe: message.sender_id === viewerId,
  };
}

export function chatsQueryOptions() {
  return queryOptions({
    queryKey: chatsKey,
    queryFn: async () =>
      unwrap(await api.GET('/api/chats', { params: { query: { offset: 0, limit: chatsLimit } } })),
  });
}

export function useChats(viewerId: string) {
  return useQuery({
    ...chatsQueryOptions(),
    select: (page) => ({
      items: page.items.map((chat) => toSummary(chat, viewerId)),
      unread: page.items.reduce((sum, chat) => sum + chat.unread_count, 0),
    }),
  });
}

export function useChat(chatId: string, viewerId: string) {
  return useQuery({
    queryKey: chatKey(chatId),
    queryFn: async () =>
      unwrap(await api.GET('/api/chats/{chat_id}', { params: { path: { chat_id: chatId } } })),
    select: (chat) => toDetail(chat, viewerId),
  });
}

export function chatHistoryQueryOptions(chatId: string) {
  return infiniteQueryOptions({
    queryKey: historyKey(chatId),
    queryFn: async ({ pageParam }: { pageParam: string | undefined }) =>
      unwrap(
        await api.GET('/api/chats/{chat_id}/messages', {
          params: {
            path: { chat_id: chatId },
            query: { limit: historyPageSize, ...(pageParam ? { before: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}

export function useChatHistory(chatId: string, viewerId: string) {
  return useInfiniteQuery({
    ...chatHistoryQueryOptions(chatId),
    select: (data) =>
      data.pages.map((page) =>
        page.items.flatMap((message) => {
          const entry = toEntry(message, viewerId);
          return entry ? [entry] : [];
        }),
      ),
  });
}

/**
 * Someone to chat with. A 404 means they are not (no nickname, suspended, erased): `null`, and the Chat button
 * is absent. Any other failure is an error the caller reports as 'Failed to fetch chat user data'.
 */
export function chatUserQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: chatUserKey(accountId),
    queryFn: async (): Promise<ChatUser | null> => {
      const result = await api.GET('/api/chat-users/{account_id}', {
        params: { path: { account_id: accountId } },
      });
      if (result.response.status === 404) return null;
      const user = unwrap(result);
      return { userId: user.user_id, nickname: user.nickname };
    },
    // Nicknames change rarely; every Chat button for one GM shares one request.
    staleTime: 5 * 60 * 1000,
  });
}

export function useChatUser(accountId: string | undefined) {
  return useQuery({ ...chatUserQueryOptions(accountId ?? ''), enabled: accountId !== undefined });
}

export type StartChat = { userId: string } | { seriesId: string };

export function useStartChat(config?: MutationConfig<Chat, StartChat>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async (target: StartChat) =>
        unwrap(
          await api.POST('/api/chats', {
            body:
              'userId' in target
                ? { type: 'direct', user_id: target.userId }
                : { type: 'direct', series_id: target.seriesId },
          }),
        ),
      settle: (chat) => {
        queryClient.setQueryData(chatKey(chat.id), chat);
        void queryClient.invalidateQueries({ queryKey: chatsKey });
        void queryClient.invalidateQueries({ queryKey: historyKey(chat.id) });
      },
    },
    config,
  );
}

export function useSendMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useFeatureMutation({
    mutationFn: async (send: PendingSend) =>
      unwrap(
        await api.POST('/api/chats/{chat_id}/messages', {
          params: { path: { chat_id: chatId } },
          body: { client_id: send.clientId, body: send.body },
        }),
      ),
    settle: () => {
      void queryClient.invalidateQueries({ queryKey: historyKey(chatId) });
      void queryClient.invalidateQueries({ queryKey: chatsKey });
    },
  });
}

export function useMarkRead(chatId: string) {
  const queryClient = useQueryClient();
  return useFeatureMutation({
    mutationFn: async (messageId: string) =>
      unwrap(
        await api.POST('/api/chats/{chat_id}/read', {
          params: { path: { chat_id: chatId } },
          body: { message_id: messageId },
        }),
      ),
    settle: (chat) => {
      queryClient.setQueryData(chatKey(chat.id), chat);
      void queryClient.invalidateQueries({ queryKey: chatsKey });
    },
  });
}

export function useBlock(config?: MutationConfig<void, { userId: string; block: boolean }>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: async ({ userId, block }: { userId: string; block: boolean }) => {
        const options = { params: { path: { account_id: userId } } };
        ensureOk(
          block
            ? await api.PUT('/api/chat-users/{account_id}/block', options)
            : await api.DELETE('/api/chat-users/{account_id}/block', options),
        );
      },
      settle: () => {
        void queryClient.invalidateQueries({ queryKey: chatQueryKey });
      },
    },
    config,
  );
}

export type ReportTarget = { messageId: string } | { userId: string };

export function useReport(config?: MutationConfig<unknown, ReportTarget & { reason: string }>) {
  return useFeatureMutation(
    {
      mutationFn: async (report: ReportTarget & { reason: string }) => {
        const reason = report.reason.trim() === '' ? null : report.reason;
        return unwrap(
          await api.POST('/api/chat-reports', {
            body:
              'messageId' in report
                ? { message_id: report.messageId, reason }
                : { user_id: report.userId, reason },
          }),
        );
      },
    },
    config,
  );
}

/** Whether `error` is the server saying the conversation takes no messages because of a block. */
export function isBlockedError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.detail?.code === 'chat_blocked' || error.detail?.code === 'chat_user_blocked')
  );
}
