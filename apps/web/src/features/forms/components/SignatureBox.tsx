import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/** The drawn signature (signature_pad on a canvas that follows its width); answers a PNG data URL, or null. */
export function SignatureBox({ onChange }: { onChange: (png: string | null) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    c.width = c.offsetWidth * ratio;
    c.height = c.offsetHeight * ratio;
    c.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(c, { backgroundColor: 'rgb(255,255,255)', penColor: '#10203a' });
    pad.current = p;
    const done = () => {
      setEmpty(p.isEmpty());
      onChange(p.isEmpty() ? null : p.toDataURL('image/png'));
    };
    p.addEventListener('endStroke', done);
    return () => {
      p.removeEventListener('endStroke', done);
      p.off();
    };
  }, [onChange]);

  return (
    <Stack gap="xs">
      <canvas
        ref={canvas}
        data-testid="signature-pad"
        aria-label={t('forms:public.signatureArea')}
        style={{
          width: '100%',
          height: 200,
          border: '1px solid #ced4da',
          borderRadius: 8,
          touchAction: 'none',
          background: '#fff',
        }}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {empty ? t('forms:public.signHere') : t('forms:public.signatureDrawn')}
        </Text>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => {
            pad.current?.clear();
            setEmpty(true);
            onChange(null);
          }}
        >
          {t('forms:public.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
