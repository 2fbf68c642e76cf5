import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey, StorageNotFoundError, type StoragePort } from './storage-port';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, a local fake); omitted = AWS. */
  endpoint?: string | null;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | null;
  /** Prepended to every key (e.g. `prod/`), so one bucket can hold several installations. */
  prefix?: string;
};

/** Objects in an S3-compatible bucket shared by every API process; links are presigned GETs. */
export function createS3StorageAdapter(options: S3StorageOptions): StoragePort & { close(): void } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible stores differ in what they accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = options.prefix ?? '';
  const keyOf = (key: string) => `${prefix}${assertStorageKey(key)}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
        if (!result.Body) throw new StorageNotFoundError(key);
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) throw new StorageNotFoundError(key);
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          throw new StorageNotFoundError(key);
        }
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
    },
    async signedUrl(key, { expiresInSeconds, fileName }) {
      const command = new GetObjectCommand({
        Bucket: options.bucket,
        Key: keyOf(key),
        ...(fileName
          ? { ResponseContentDisposition: `inline; filename="${fileName.replace(/"/g, '')}"` }
          : {}),
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },
    close() {
      client.destroy();
    },
  };
}
