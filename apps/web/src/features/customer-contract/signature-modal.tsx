import { contractMessages, SIGNATURE_CANVAS } from '@app/contracts/customer-contracts.contract';
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/**
 * The electronic signature (002 §2.15, K83): a 500 × 200 canvas (signature_pad), scaled down on narrow screens.
 * Signing an empty canvas shows M62.
 */
export function SignatureModal(props: {
  opened: boolean;
  isSaving: boolean;
  error: string | null;
  onClose: () => void;
  onSign: (image: Blob) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!props.opened) return;
    // The modal's content mounts after it opens: attach the pad on the next frame.
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      padRef.current = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#111111' });
      padRef.current.addEventListener('beginStroke', () => setMessage(null));
    });
    return () => {
      cancelAnimationFrame(frame);
      padRef.current?.off();
      padRef.current = null;
    };
  }, [props.opened]);

  const sign = () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas || pad.isEmpty()) {
      setMessage(contractMessages.signatureRequired);
      return;
    }
    canvas.toBlob((blob) => {
      if (blob) props.onSign(blob);
    }, 'image/png');
  };

  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Customer signature" size="auto" centered>
      <Stack gap="sm">
        <Text size="sm" id="signature-help">
          The customer signs in the box below with a finger, pen or mouse.
        </Text>
        <Box
          style={{
            border: '1px solid var(--mantine-color-gray-5)',
            borderRadius: 4,
            maxWidth: '100%',
            overflow: 'hidden',
          }}
        >
          <canvas
            ref={canvasRef}
            width={SIGNATURE_CANVAS.width}
            height={SIGNATURE_CANVAS.height}
            aria-label="Signature pad"
            aria-describedby="signature-help"
            data-testid="signature-canvas"
            style={{ display: 'block', width: '100%', maxWidth: SIGNATURE_CANVAS.width, touchAction: 'none' }}
          />
        </Box>
        {(message ?? props.error) && (
          <Alert color="red" role="alert">
            {message ?? props.error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => {
              padRef.current?.clear();
              setMessage(null);
            }}
          >
            Clear
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button onClick={sign} loading={props.isSaving}>
              Sign contract
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
