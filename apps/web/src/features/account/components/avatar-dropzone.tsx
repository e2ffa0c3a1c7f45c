import { Alert, Avatar, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { showToast } from '@/components/ui/toasts';
import { useUploadAvatar } from '../api/upload-avatar';
import { loadImageDimensions } from '../lib/image-dimensions';
import {
  DEFAULT_IMAGE_RULES,
  dimensionProblem,
  fileProblem,
  hasDimensionRules,
  type ImageRules,
} from '../lib/image-rules';

/** An avatar is shown small and round: a tiny or huge picture is refused before it is sent. */
const AVATAR_RULES: ImageRules = {
  ...DEFAULT_IMAGE_RULES,
  minWidth: 32,
  minHeight: 32,
  maxWidth: 4096,
  maxHeight: 4096,
};

const ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/svg+xml': ['.svg'] };

/** The first problem of a picked file, checked as SPEC.md section 5 says; an SVG has no pixel size to check. */
async function problemOf(file: File, rules: ImageRules): Promise<string | null> {
  const basic = fileProblem(file, rules);
  if (basic || !hasDimensionRules(rules) || file.name.toLowerCase().endsWith('.svg')) return basic;
  try {
    return dimensionProblem(await loadImageDimensions(file), rules);
  } catch (error) {
    return (error as Error).message;
  }
}

/** Drop or pick a picture; a valid one is uploaded at once and replaces the avatar everywhere. */
export function AvatarDropzone({ avatarUrl, name }: { avatarUrl: string; name: string }) {
  const upload = useUploadAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const onDrop = async (accepted: File[], rejected: FileRejection[]) => {
    const file = accepted[0] ?? rejected[0]?.file;
    if (!file) return;
    // A new pick clears the previous file's problem at once; decoding the new one takes a moment.
    setProblem(null);
    const found = await problemOf(file, AVATAR_RULES);
    setProblem(found);
    if (found) return;
    try {
      await upload.mutateAsync(file);
      showToast('success', 'Your profile picture has been updated');
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  // The zone takes drops and mouse clicks; keyboard users reach the button inside it, whose click opens the
  // same file dialog (the zone itself is not a control, so no control sits inside another).
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (a, r) => void onDrop(a, r),
    accept: ACCEPT,
    multiple: false,
    noKeyboard: true,
  });
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm" id="avatar-dropzone-label">
        Profile picture
      </Text>
      <Box
        {...getRootProps()}
        data-testid="avatar-dropzone"
        p="md"
        style={{
          border: `1px dashed var(--mantine-color-${isDragActive ? 'blue-5' : 'gray-4'})`,
          borderRadius: 8,
          cursor: 'pointer',
        }}
      >
        <input {...getInputProps()} aria-label="Profile picture file" />
        <Group>
          <Avatar src={avatarUrl} alt={`${name}'s avatar`} size={64} radius="xl" />
          <Stack gap={4} align="flex-start">
            <Text size="sm">{upload.isPending ? 'Uploading...' : 'Drop an image here, or choose one'}</Text>
            <Button size="xs" variant="default" aria-describedby="avatar-dropzone-label" loading={upload.isPending}>
              Choose a picture
            </Button>
            <Text
              size="xs"
              c="dimmed"
            >{`${AVATAR_RULES.extensions.join(', ')} up to ${AVATAR_RULES.maxSizeMb}MB`}</Text>
          </Stack>
        </Group>
      </Box>
      {problem && (
        <Alert color="red" role="alert" data-testid="avatar-problem">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
