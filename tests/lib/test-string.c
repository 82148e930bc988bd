// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test-string.c - the helpers of lib/ a module calls: simple_strtoul and
 * its kin (bases, prefixes, end pointers), strlcpy and strlcat
 * (truncation), scnprintf, the kernel's own string functions, and the
 * user-copy calls of <ldm/uaccess.h>.
 */
#include <ldm/ldm.h>
#include <libldm/libldm.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"

DEFINE_TEST(
	test_simple_strtoul_bases_and_end_pointers,
	.description =
		"simple_strtoul: base 0 takes 0x as hex and 0 as octal, base 16 skips 0x, end points past the last digit")
{
	char *end;

	ASSERT_EQ(simple_strtoul("1234xyz", &end, 10), 1234);
	ASSERT_STREQ(end, "xyz");
	ASSERT_EQ(simple_strtoul("0x1fZ", &end, 0), 0x1f);
	ASSERT_STREQ(end, "Z");
	ASSERT_EQ(simple_strtoul("0X1F", &end, 0), 0x1f);
	ASSERT_STREQ(end, "");
	ASSERT_EQ(simple_strtoul("0755 ", &end, 0), 0755);
	ASSERT_STREQ(end, " ");
	ASSERT_EQ(simple_strtoul("0789", &end, 0), 07);
	ASSERT_STREQ(end, "89");
	ASSERT_EQ(simple_strtoul("42", &end, 0), 42);
	ASSERT_EQ(simple_strtoul("0", &end, 0), 0);
	ASSERT_STREQ(end, "");
	/* "0x" with no hex digit after it: the 0 is an octal number. */
	ASSERT_EQ(simple_strtoul("0xg", &end, 0), 0);
	ASSERT_STREQ(end, "xg");
	ASSERT_EQ(simple_strtoul("0xff", &end, 16), 0xff);
	ASSERT_STREQ(end, "");
	ASSERT_EQ(simple_strtoul("ff", &end, 16), 0xff);
	ASSERT_EQ(simple_strtoul("1012", &end, 2), 5);
	ASSERT_STREQ(end, "2");
	ASSERT_EQ(simple_strtoul("zz", &end, 36), 35 * 36 + 35);
	/* No digits: 0, and the end is the start. No blanks skipped. */
	ASSERT_EQ(simple_strtoul(" 5", &end, 10), 0);
	ASSERT_STREQ(end, " 5");
	ASSERT_EQ(simple_strtoul("7", NULL, 10), 7);
}

DEFINE_TEST(test_simple_strtol_and_strtoull,
	    .description = "simple_strtol takes a leading minus; simple_strtoull reads 64 bits")
{
	char *end;

	ASSERT_EQ(simple_strtol("-42,", &end, 10), -42);
	ASSERT_STREQ(end, ",");
	ASSERT_EQ(simple_strtol("-0x10", &end, 0), -16);
	ASSERT_EQ(simple_strtol("17", &end, 0), 17);
	ASSERT(simple_strtoull("18446744073709551615", &end, 10) == 18446744073709551615ULL);
	ASSERT_STREQ(end, "");
	ASSERT(simple_strtoll("-9223372036854775808", &end, 10) == (-9223372036854775807LL - 1));
}

DEFINE_TEST(
	test_strlcpy_and_strlcat_truncate,
	.description =
		"strlcpy and strlcat always terminate, truncate to the buffer, and return the length they wanted")
{
	char buf[8];

	memset(buf, 'x', sizeof(buf));
	ASSERT_EQ(strlcpy(buf, "hello, world", sizeof(buf)), 12);
	ASSERT_STREQ(buf, "hello, ");
	ASSERT_EQ(strlcpy(buf, "hi", sizeof(buf)), 2);
	ASSERT_STREQ(buf, "hi");
	ASSERT_EQ(strlcpy(buf, "nothing", 0), 7);
	ASSERT_STREQ(buf, "hi");
	ASSERT_EQ(strlcpy(buf, "exactly", sizeof(buf)), 7);
	ASSERT_STREQ(buf, "exactly");

	strlcpy(buf, "ab", sizeof(buf));
	ASSERT_EQ(strlcat(buf, "cd", sizeof(buf)), 4);
	ASSERT_STREQ(buf, "abcd");
	ASSERT_EQ(strlcat(buf, "efghij", sizeof(buf)), 10);
	ASSERT_STREQ(buf, "abcdefg");
	/* No NUL within the size: nothing appended. */
	ASSERT_EQ(strlcat(buf, "z", 3), 4);
	ASSERT_STREQ(buf, "abcdefg");
}

DEFINE_TEST(test_scnprintf_returns_what_it_wrote,
	    .description = "scnprintf returns the characters written, never past the buffer")
{
	char buf[8];
	int len = 0;

	ASSERT_EQ(scnprintf(buf, sizeof(buf), "%d", 12345), 5);
	ASSERT_EQ(scnprintf(buf, sizeof(buf), "%s", "truncated"), 7);
	ASSERT_STREQ(buf, "truncat");
	ASSERT_EQ(scnprintf(buf, 0, "abc"), 0);
	/* The append-in-a-loop idiom stops at the end. */
	len += scnprintf(buf + len, sizeof(buf) - len, "abc");
	len += scnprintf(buf + len, sizeof(buf) - len, "def");
	len += scnprintf(buf + len, sizeof(buf) - len, "ghi");
	ASSERT_EQ(len, 7);
	ASSERT_STREQ(buf, "abcdefg");
}

DEFINE_TEST(test_kernel_string_helpers,
	    .description = "strnicmp, strnchr, memscan and strsep behave as lib/string.c's")
{
	char text[] = "a,b,,c";
	char *p = text, *tok;
	char block[4] = { 1, 2, 3, 4 };
	const char *word = "hello";

	ASSERT_EQ(strnicmp("HeLLo", "hello", 5), 0);
	ASSERT(strnicmp("abc", "abd", 3) < 0);
	ASSERT_EQ(strnicmp("abc", "abd", 2), 0);
	ASSERT(strnchr(word, 5, 'l') == word + 2);
	ASSERT(strnchr(word, 2, 'l') == NULL);
	ASSERT(strnchr(word, 100, 'z') == NULL);
	ASSERT(memscan(block, 3, sizeof(block)) == block + 2);
	ASSERT(memscan(block, 9, sizeof(block)) == block + 4);
	tok = strsep(&p, ",");
	ASSERT_STREQ(tok, "a");
	tok = strsep(&p, ",");
	ASSERT_STREQ(tok, "b");
	tok = strsep(&p, ",");
	ASSERT_STREQ(tok, "");
	tok = strsep(&p, ",");
	ASSERT_STREQ(tok, "c");
	ASSERT(p == NULL);
}

DEFINE_TEST(
	test_copy_to_user_and_friends,
	.description =
		"copy_to_user/copy_from_user copy and return 0; NULL gives every byte back uncopied; get_user/put_user, clear_user, strncpy_from_user")
{
	char src[6] = "hello", dst[6] = "";
	int value = 0, user_int = 7;
	int *null_int = NULL;
	char out[4];

	ASSERT_EQ(copy_to_user(dst, src, sizeof(src)), 0);
	ASSERT_STREQ(dst, "hello");
	memset(dst, 'x', sizeof(dst));
	ASSERT_EQ(copy_from_user(dst, src, sizeof(src)), 0);
	ASSERT_STREQ(dst, "hello");
	ASSERT_EQ(copy_to_user(NULL, src, sizeof(src)), sizeof(src));
	/* What could not be copied in is zeroed. */
	ASSERT_EQ(copy_from_user(dst, NULL, sizeof(dst)), sizeof(dst));
	ASSERT_EQ(dst[0], 0);
	ASSERT_EQ(dst[5], 0);
	ASSERT_EQ(copy_to_user(NULL, src, 0), 0);

	ASSERT_EQ(get_user(value, &user_int), 0);
	ASSERT_EQ(value, 7);
	ASSERT_EQ(put_user(9, &user_int), 0);
	ASSERT_EQ(user_int, 9);
	ASSERT_EQ(get_user(value, null_int), -EFAULT);
	ASSERT_EQ(value, 0);
	ASSERT_EQ(put_user(1, null_int), -EFAULT);

	ASSERT_EQ(clear_user(src, 2), 0);
	ASSERT_EQ(src[0], 0);
	ASSERT_EQ(src[2], 'l');
	ASSERT_EQ(clear_user(NULL, 3), 3);

	ASSERT_EQ(strncpy_from_user(out, "ab", sizeof(out)), 2);
	ASSERT_STREQ(out, "ab");
	ASSERT_EQ(strncpy_from_user(out, "abcdef", sizeof(out)), 4);
	ASSERT_EQ(memcmp(out, "abcd", 4), 0);
	ASSERT_EQ(strncpy_from_user(out, NULL, sizeof(out)), -EFAULT);
	ASSERT_EQ(strnlen_user("abc", 10), 4);
	ASSERT(strnlen_user("abcdef", 3) > 3);
	ASSERT_EQ(strnlen_user(NULL, 3), 0);
	ASSERT(access_ok(VERIFY_WRITE, dst, sizeof(dst)));
	ASSERT(!access_ok(VERIFY_READ, null_int, 4));
}

DEFINE_TEST(
	test_user_copies_in_one_buffer,
	.description =
		"after ldm_thread_set_user_buffer() only that buffer is user space: a copy, string or scalar elsewhere, or running out of it, is a fault")
{
	char win[8] = "abc", outside[4] = "xyz", out[8];
	int value = 5;

	ldm_thread_set_user_buffer(win, sizeof(win));
	ASSERT_EQ(copy_from_user(out, win, 4), 0);
	ASSERT_STREQ(out, "abc");
	ASSERT_EQ(copy_from_user(out, win + 4, 4), 0);
	ASSERT_EQ(copy_from_user(out, win + 5, 4), 4); /* runs out of it */
	ASSERT_EQ(out[0], 0);
	ASSERT_EQ(copy_from_user(out, outside, 2), 2);
	ASSERT_EQ(copy_to_user(outside, "AB", 2), 2);
	ASSERT_STREQ(outside, "xyz");
	ASSERT_EQ(copy_to_user(win + 6, "AB", 2), 0);
	ASSERT_EQ(clear_user(outside, 1), 1);
	ASSERT_EQ(put_user(1, &value), -EFAULT);
	ASSERT_EQ(value, 5);
	ASSERT_EQ(get_user(value, (int *)win), 0);
	ASSERT_EQ(value, 'a' | 'b' << 8 | 'c' << 16);
	ASSERT_EQ(strncpy_from_user(out, win, sizeof(out)), 3);
	ASSERT_EQ(strncpy_from_user(out, outside, sizeof(out)), -EFAULT);
	ASSERT_EQ(strnlen_user(win, 100), 4);
	memset(win, 'a', sizeof(win)); /* no NUL before its end */
	ASSERT_EQ(strncpy_from_user(out, win, 100), -EFAULT);
	ASSERT_EQ(strncpy_from_user(out, win, 4), 4);
	ASSERT_EQ(strnlen_user(win, 100), 0);
	ASSERT_EQ(strnlen_user(win, 3), 4);
	/* An empty one: nothing is user space. */
	ldm_thread_set_user_buffer(NULL, 0);
	ASSERT_EQ(copy_from_user(out, win, 1), 1);
	ldm_thread_set_user(0);
	ASSERT_EQ(copy_from_user(out, outside, 2), 0);
}

DEFINE_TEST(
	test_user_copies_of_a_process,
	.description =
		"after ldm_thread_set_user(pid) user copies reach that process's memory: an unmapped address, or a string running into one, is a fault")
{
	long page = sysconf(_SC_PAGESIZE);
	char *map, out[8] = "", data[8] = "data";
	short half = 0;

	map = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
		   0);
	ASSERT(map != MAP_FAILED);
	ASSERT_OK(munmap(map + page, (size_t)page));
	ldm_thread_set_user(getpid());
	ASSERT_EQ(copy_from_user(out, data, 5), 0);
	ASSERT_STREQ(out, "data");
	ASSERT_EQ(copy_to_user(map + page - 3, "xyz", 3), 0);
	ASSERT_EQ(copy_to_user(map + page - 2, "xyz", 3), 1); /* the last byte is unmapped */
	ASSERT_EQ(copy_from_user(out, map + page, 4), 4);
	ASSERT_EQ(out[0], 0);
	ASSERT_EQ(put_user((short)-2, &half), 0);
	ASSERT_EQ(half, -2);
	ASSERT_EQ(get_user(half, (short *)data), 0);
	ASSERT_EQ(clear_user(data, 2), 0);
	ASSERT_EQ(data[1], 0);
	ASSERT_EQ(clear_user(map + page - 1, 2), 1);
	memcpy(map + page - 2, "ab", 2); /* no NUL before the hole */
	ASSERT_EQ(strncpy_from_user(out, map + page - 2, 8), -EFAULT);
	ASSERT_EQ(strncpy_from_user(out, map + page - 2, 2), 2);
	ASSERT_EQ(strnlen_user(map + page - 2, 8), 0);
	map[page - 1] = 0;
	ASSERT_EQ(strncpy_from_user(out, map + page - 2, 8), 1);
	ASSERT_STREQ(out, "a");
	ASSERT_EQ(strnlen_user(map + page - 2, 8), 2);
	ldm_thread_set_user(0);
	ASSERT_OK(munmap(map, (size_t)page));
}
