/** S3-compatible object storage (AWS S3, MinIO, R2…) behind the same Storage interface (DESIGN.md §9). */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isSafeKey, type Storage, type StoredFile } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Where browsers load files from (a CDN or the bucket's public address); otherwise the api serves them. */
  publicBaseUrl?: string;
  /** The api's own path that serves stored files when there is no public address. */
  servedFrom: string;
}

export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  private checked(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
    return key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<StoredFile> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.checked(key),
        Body: body,
        ContentType: contentType,
        // Keys are never reused, so a stored file never changes.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    return { path: key, url: this.url(key) };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.checked(key) }));
  }

  async read(key: string): Promise<Buffer | null> {
    if (!isSafeKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  url(key: string): string {
    const base = this.options.publicBaseUrl?.replace(/\/$/, '') ?? this.options.servedFrom;
    return `${base}/${key}`;
  }
}
