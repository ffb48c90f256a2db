import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import type { FileStore } from './file-store.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

/** Opens the bucket store; the SDK is loaded here, only when S3 is configured (it is large). */
export async function openS3Store(config: S3Config): Promise<FileStore> {
  return new S3FileStore(await import('@aws-sdk/client-s3'), config);
}

/** Uploaded files as objects `uploads/<name>` in one bucket of any S3-compatible store. */
class S3FileStore implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly prefix = 'uploads/';

  constructor(
    private readonly sdk: Sdk,
    private readonly config: S3Config,
  ) {
    this.client = new sdk.S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible stores reject or skip the optional ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: this.prefix + name, Body: data, ContentType: contentType, ContentLength: data.length }));
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.prefix + name }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      if (err instanceof this.sdk.NoSuchKey || (err instanceof this.sdk.S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  async list(): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new this.sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: this.prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) names.push(object.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async remove(name: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.prefix + name }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
