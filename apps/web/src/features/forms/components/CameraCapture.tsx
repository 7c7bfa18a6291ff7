import { Alert, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PhotoFileProblem, photoFromFile } from '../lib/images';

/**
 * A photo from the camera (getUserMedia; the front camera for a portrait, the back one for a document) or from a
 * file; answers the image as a data URL. Without a camera (refused or absent) the file button remains.
 */
export function CameraCapture({
  facing,
  onCapture,
  captured,
}: {
  facing: 'user' | 'environment';
  onCapture: (dataUrl: string) => void;
  captured: string | null;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [noCamera, setNoCamera] = useState(false);
  /** the first frame has arrived: before it the video has no size and a click would capture nothing */
  const [ready, setReady] = useState(false);
  /** a chosen file that is no photo: said in words, and nothing shown as the photo */
  const [problem, setProblem] = useState<PhotoFileProblem | null>(null);
  const choose = (f: File | null) => {
    if (!f) return;
    void photoFromFile(f).then((r) => {
      if ('problem' in r) {
        setProblem(r.problem);
        onCapture('');
      } else {
        setProblem(null);
        onCapture(r.dataUrl);
      }
    });
  };

  useEffect(() => {
    if (captured) return;
    let live: MediaStream | null = null;
    let cancelled = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setNoCamera(true);
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then((s) => {
        if (cancelled) {
          for (const tr of s.getTracks()) tr.stop();
          return;
        }
        live = s;
        setStream(s);
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => setNoCamera(true));
        }
      })
      .catch(() => setNoCamera(true));
    return () => {
      cancelled = true;
      for (const tr of live?.getTracks() ?? []) tr.stop();
      setStream(null);
      setReady(false);
    };
  }, [facing, captured]);

  const take = () => {
    const v = video.current;
    if (!v?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    setProblem(null);
    onCapture(canvas.toDataURL('image/jpeg', 0.85));
  };

  if (captured) {
    return (
      <Stack gap="xs" align="center">
        <Image src={captured} alt={t('forms:public.capturedAlt')} maw={360} radius="sm" />
        <Button variant="default" onClick={() => onCapture('')} data-testid="retake">
          {t('forms:public.retake')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" align="center">
      {noCamera ? (
        <Alert color="yellow" w="100%">
          {t('forms:public.noCamera')}
        </Alert>
      ) : (
        <video
          ref={video}
          playsInline
          muted
          onLoadedData={(e) => setReady(e.currentTarget.videoWidth > 0)}
          onResize={(e) => setReady(e.currentTarget.videoWidth > 0)}
          style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#111' }}
          data-testid="camera"
        />
      )}
      <Group justify="center">
        {!noCamera ? (
          <Button onClick={take} disabled={!stream || !ready} data-testid="take-photo">
            {t('forms:public.takePhoto')}
          </Button>
        ) : null}
        <FileButton accept="image/jpeg,image/png" onChange={choose}>
          {(props) => (
            <Button variant="default" {...props} data-testid="photo-file">
              {t('forms:public.chooseFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      {problem ? (
        <Alert color="red" w="100%" data-testid="photo-file-error">
          {t(`forms:public.${problem}`)}
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('forms:public.photoHint')}
      </Text>
    </Stack>
  );
}
