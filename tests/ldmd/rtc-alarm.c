// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtc-alarm.c - a reader of /dev/rtc as programs of the time of 2.6.9
 * wrote one (Documentation/rtc.txt's example): set an alarm two seconds
 * ahead with RTC_ALM_SET, turn it on with RTC_AIE_ON, and block in read()
 * until the alarm interrupt comes. test-hw-ldmd.c runs it under ldm exec.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/rtc.h>

int main(void)
{
	struct rtc_time tm;
	unsigned long data;
	int fd = open("/dev/rtc", O_RDONLY);

	if (fd < 0 || ioctl(fd, RTC_RD_TIME, &tm)) {
		perror("rtc-alarm: /dev/rtc");
		return 1;
	}
	tm.tm_sec += 2;
	if (tm.tm_sec >= 60) {
		tm.tm_sec -= 60;
		if (++tm.tm_min == 60) {
			tm.tm_min = 0;
			tm.tm_hour = (tm.tm_hour + 1) % 24;
		}
	}
	if (ioctl(fd, RTC_ALM_SET, &tm) || ioctl(fd, RTC_AIE_ON, 0)) {
		perror("rtc-alarm: setting the alarm");
		return 1;
	}
	if (read(fd, &data, sizeof(data)) != (ssize_t)sizeof(data)) {
		perror("rtc-alarm: read");
		return 1;
	}
	printf("alarm %02d:%02d:%02d rang: %s, %lu interrupt(s)\n", tm.tm_hour, tm.tm_min,
	       tm.tm_sec, data & RTC_AF ? "AF set" : "AF clear", data >> 8);
	ioctl(fd, RTC_AIE_OFF, 0);
	close(fd);
	return 0;
}
