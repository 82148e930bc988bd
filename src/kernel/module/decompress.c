// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * decompress.c - compressed modules (kernel/module/decompress.c): a .ko.xz,
 * .ko.zst or .ko.gz, known by its magic bytes, inflated in memory with
 * liblzma, libzstd or zlib, the libraries kmod uses. No program is run.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>
#include <ldm/kernel.h>
#include <ldm/slab.h>

#include "grow.h"
#include "internal.h"

static const unsigned char xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };
static const unsigned char zstd_magic[] = { 0x28, 0xb5, 0x2f, 0xfd };
static const unsigned char gzip_magic[] = { 0x1f, 0x8b };

/**
 * module_compression - how an image is compressed, by its first bytes
 * @image: the image
 * @len: its length
 *
 * Return: LDM_MODFILE_XZ, LDM_MODFILE_ZSTD, LDM_MODFILE_GZIP, or
 * LDM_MODFILE_PLAIN for anything else (an ELF file, or garbage).
 */
enum ldm_modfile_compression module_compression(const void *image, size_t len)
{
	if (len >= sizeof(xz_magic) && !memcmp(image, xz_magic, sizeof(xz_magic)))
		return LDM_MODFILE_XZ;
	if (len >= sizeof(zstd_magic) && !memcmp(image, zstd_magic, sizeof(zstd_magic)))
		return LDM_MODFILE_ZSTD;
	if (len >= sizeof(gzip_magic) && !memcmp(image, gzip_magic, sizeof(gzip_magic)))
		return LDM_MODFILE_GZIP;
	return LDM_MODFILE_PLAIN;
}

/* The output of one decompression: grown as needed, never past max + 1. */
struct outbuf {
	unsigned char *data;
	size_t len, cap, max;
};

static int out_grow(struct outbuf *o)
{
	return ldm_grow(&o->data, &o->cap, o->cap + 1, 1, 1UL << 16, o->max + 1);
}

/* Room for a size the file states (a hint: it may lie, and growing copes). */
static int out_reserve(struct outbuf *o, uint64_t hint)
{
	if (!hint || hint > o->max)
		return out_grow(o);
	o->data = kmalloc((size_t)hint + 1, GFP_KERNEL);
	if (!o->data)
		return -ENOMEM;
	o->cap = (size_t)hint + 1; /* one more: the end is seen without growing */
	return 0;
}

static int say(char *why, size_t size, int error, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int say(char *why, size_t size, int error, const char *fmt, ...)
{
	va_list args;

	if (why && size) {
		va_start(args, fmt);
		vsnprintf(why, size, fmt, args);
		va_end(args);
	}
	return error;
}

/* The uncompressed size an xz file's index states, or 0. */
static uint64_t xz_size_hint(const uint8_t *in, size_t len)
{
	lzma_stream_flags flags;
	lzma_index *idx = NULL;
	uint64_t memlimit = UINT64_MAX, size;
	size_t pos;

	if (len < 2 * LZMA_STREAM_HEADER_SIZE ||
	    lzma_stream_footer_decode(&flags, in + len - LZMA_STREAM_HEADER_SIZE) != LZMA_OK ||
	    flags.backward_size > len - 2 * LZMA_STREAM_HEADER_SIZE)
		return 0;
	pos = len - LZMA_STREAM_HEADER_SIZE - (size_t)flags.backward_size;
	if (lzma_index_buffer_decode(&idx, &memlimit, NULL, in, &pos,
				     len - LZMA_STREAM_HEADER_SIZE) != LZMA_OK)
		return 0;
	size = lzma_index_uncompressed_size(idx);
	lzma_index_end(idx, NULL);
	return size;
}

static const char *xz_error(lzma_ret ret)
{
	switch (ret) {
	case LZMA_MEM_ERROR:
		return "out of memory";
	case LZMA_FORMAT_ERROR:
		return "not xz data";
	case LZMA_OPTIONS_ERROR:
		return "xz options not supported";
	case LZMA_BUF_ERROR:
		return "truncated";
	default:
		return "corrupt data";
	}
}

static int unxz(const uint8_t *in, size_t len, bool check, struct outbuf *o, char *why, size_t size)
{
	lzma_stream strm = LZMA_STREAM_INIT;
	lzma_ret ret;
	int error;

	error = out_reserve(o, xz_size_hint(in, len));
	if (error)
		return error;
	if (lzma_stream_decoder(&strm, UINT64_MAX,
				LZMA_CONCATENATED | (check ? 0 : LZMA_IGNORE_CHECK)) != LZMA_OK)
		return -ENOMEM;
	strm.next_in = in;
	strm.avail_in = len;
	for (;;) {
		strm.next_out = o->data + o->len;
		strm.avail_out = o->cap - o->len;
		ret = lzma_code(&strm, LZMA_FINISH);
		o->len = o->cap - strm.avail_out;
		if (ret == LZMA_STREAM_END)
			break;
		/* No progress twice in a row is LZMA_BUF_ERROR: input cut short. */
		if (ret == LZMA_OK) {
			error = strm.avail_out ? 0 : out_grow(o);
			if (error)
				break;
			continue;
		}
		error = ret == LZMA_MEM_ERROR ? -ENOMEM :
						say(why, size, -ENOEXEC, "xz: %s", xz_error(ret));
		break;
	}
	lzma_end(&strm);
	return error;
}

static int unzstd(const uint8_t *in, size_t len, struct outbuf *o, char *why, size_t size)
{
	unsigned long long hint = ZSTD_getFrameContentSize(in, len);
	ZSTD_inBuffer ib = { in, len, 0 };
	ZSTD_outBuffer ob;
	ZSTD_DCtx *dctx;
	size_t ret = 1;
	int error;

	if (hint == ZSTD_CONTENTSIZE_UNKNOWN || hint == ZSTD_CONTENTSIZE_ERROR)
		hint = 0;
	error = out_reserve(o, hint);
	if (error)
		return error;
	dctx = ZSTD_createDCtx();
	if (!dctx)
		return -ENOMEM;
	for (;;) {
		if (o->len == o->cap) {
			error = out_grow(o);
			if (error)
				break;
		}
		ob = (ZSTD_outBuffer){ o->data, o->cap, o->len };
		ret = ZSTD_decompressStream(dctx, &ob, &ib);
		o->len = ob.pos;
		if (ZSTD_isError(ret)) {
			error = say(why, size, -ENOEXEC, "zstd: %s", ZSTD_getErrorName(ret));
			break;
		}
		/* All read, and room left: the decoder has nothing more to give. */
		if (ib.pos == ib.size && o->len < o->cap)
			break;
	}
	/* A frame whose end never came. */
	if (!error && ret)
		error = say(why, size, -ENOEXEC, "zstd: %s", "truncated");
	ZSTD_freeDCtx(dctx);
	return error;
}

static int ungzip(const uint8_t *in, size_t len, struct outbuf *o, char *why, size_t size)
{
	z_stream z;
	uint32_t isize = 0;
	int ret, error;

	/* The last four bytes state the size modulo 2^32: a hint. */
	if (len >= 18)
		isize = (uint32_t)in[len - 4] | (uint32_t)in[len - 3] << 8 |
			(uint32_t)in[len - 2] << 16 | (uint32_t)in[len - 1] << 24;
	error = out_reserve(o, isize);
	if (error)
		return error;
	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return -ENOMEM;
	z.next_in = (Bytef *)(uintptr_t)in;
	z.avail_in = (uInt)(len > UINT32_MAX ? UINT32_MAX : len);
	for (;;) {
		z.next_out = o->data + o->len;
		z.avail_out = (uInt)(o->cap - o->len);
		ret = inflate(&z, Z_FINISH);
		o->len = o->cap - z.avail_out;
		if (ret == Z_STREAM_END)
			break;
		if ((ret == Z_OK || ret == Z_BUF_ERROR) && !z.avail_out) {
			error = out_grow(o);
			if (error)
				break;
			continue;
		}
		if (ret == Z_MEM_ERROR)
			error = -ENOMEM;
		else if (ret == Z_BUF_ERROR)
			error = say(why, size, -ENOEXEC, "gzip: %s", "truncated");
		else
			error = say(why, size, -ENOEXEC, "gzip: %s",
				    z.msg ? z.msg : "corrupt data");
		break;
	}
	inflateEnd(&z);
	return error;
}

/**
 * module_decompress - inflate a compressed module image
 * @in: the compressed image
 * @len: its length
 * @check: verify the checksum the file carries (xz's); a reader of many
 *	   modules that only reads their tables (ldm audit) may skip it, as the
 *	   ELF checks still bound everything it reads
 * @max: the most bytes the result may have
 * @out: gets the result, from kmalloc(), 8-byte aligned
 * @outlen: gets its length
 * @why: gets the reason of a failure (may be NULL)
 * @size: room in @why
 *
 * Return: 0; -ENOEXEC for data that is not what its magic says, corrupt or
 * truncated (@why says which); -EFBIG for a result over @max; -ENOMEM.
 */
int module_decompress(const void *in, size_t len, bool check, size_t max, void **out,
		      size_t *outlen, char *why, size_t size)
{
	struct outbuf o = { .max = max };
	int error;

	switch (module_compression(in, len)) {
	case LDM_MODFILE_XZ:
		error = unxz(in, len, check, &o, why, size);
		break;
	case LDM_MODFILE_ZSTD:
		error = unzstd(in, len, &o, why, size);
		break;
	case LDM_MODFILE_GZIP:
		error = ungzip(in, len, &o, why, size);
		break;
	default:
		error = say(why, size, -ENOEXEC, "not compressed data");
	}
	if (!error && o.len > max)
		error = -EFBIG;
	if (error == -EFBIG)
		say(why, size, -EFBIG, "decompressed, it is larger than %zu bytes", max);
	else if (error == -ENOMEM)
		say(why, size, -ENOMEM, "%s", strerror(ENOMEM));
	if (error) {
		kfree(o.data);
		return error;
	}
	*out = o.data;
	*outlen = o.len;
	return 0;
}
