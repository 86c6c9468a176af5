import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';

import {
  MESSAGE_MAX_LENGTH,
  newMessageBody,
  type ChatMessage,
  type NewMessageBody,
} from '@pathways/shared/messages/messages.schemas';

import { isApiError } from '../../../lib/api-client';
import { useChatThread, useSendMessage, type ThreadTarget } from '../api/messages';
import { MessageText } from './message-text';

const when = (iso: string) => format(new Date(iso), 'd MMMM yyy, HH:mm');

function Bubble({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', mb: 1.5 }}
    >
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'rgba(194, 65, 12, 0.1)' : 'grey.100',
          color: 'text.primary',
        }}
      >
        <Typography variant="caption" component="p" color="text.secondary">
          {message.senderName ?? (mine ? 'You' : '')} · {when(message.createdAt)}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <MessageText body={message.body} />
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * One application's conversation: the messages oldest first and a box to write. Opening it
 * marks the other side's messages read; a new message appears through live updates.
 */
export function ChatThread({ target, label }: { target: ThreadTarget; label?: string }) {
  const thread = useChatThread(target);
  const send = useSendMessage(target);
  const list = useRef<HTMLUListElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewMessageBody>({
    resolver: zodResolver(newMessageBody),
    defaultValues: { message: { body: '' } },
  });
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    // The newest message is at the bottom: keep it in view.
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await send.mutateAsync(body);
      reset({ message: { body: '' } });
    } catch (error) {
      const message =
        (isApiError(error) &&
          (error.fieldErrors['message.body']?.[0] ?? error.fieldErrors.body?.[0])) ||
        "The message couldn't be sent. Please try again.";
      setError('message.body', { message });
    }
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {thread.isPending && <LinearProgress aria-label="Loading messages" />}
      {thread.isError && <Alert severity="error">The messages couldn't be loaded.</Alert>}
      {thread.data && thread.data.messages.length === 0 && (
        <Typography color="text.secondary">No messages yet. Write the first one.</Typography>
      )}
      {thread.data && thread.data.messages.length > 0 && (
        <Box
          component="ul"
          ref={list}
          aria-label={label ?? 'Messages'}
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 480, overflowY: 'auto' }}
          tabIndex={0}
        >
          {thread.data.messages.map((m) => (
            <Bubble key={m.id} message={m} mine={m.senderType === target.side} />
          ))}
        </Box>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label="Write a message"
        sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <TextField
          label="Your message"
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
          error={Boolean(errors.message?.body)}
          helperText={errors.message?.body?.message ?? 'Plain text; links are clickable.'}
          {...register('message.body')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            Send
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
