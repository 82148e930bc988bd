/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * <ldm/usb_ch9.h> - chapter 9 of the USB 2.0 specification, as
 * <linux/usb_ch9.h> of 2.6.9 names it: control requests, the standard
 * descriptors, class codes, device speeds and states. Everything here is
 * what travels on the wire, so every structure is packed.
 */
#ifndef _LDM_USB_CH9_H
#define _LDM_USB_CH9_H

#include <ldm/types.h>

/* bRequestType: direction, type and recipient of a control request */
#define USB_DIR_OUT 0
#define USB_DIR_IN  0x80

#define USB_TYPE_MASK	  (0x03 << 5)
#define USB_TYPE_STANDARD (0x00 << 5)
#define USB_TYPE_CLASS	  (0x01 << 5)
#define USB_TYPE_VENDOR	  (0x02 << 5)
#define USB_TYPE_RESERVED (0x03 << 5)

#define USB_RECIP_MASK	    0x1f
#define USB_RECIP_DEVICE    0x00
#define USB_RECIP_INTERFACE 0x01
#define USB_RECIP_ENDPOINT  0x02
#define USB_RECIP_OTHER	    0x03

/* bRequest of the standard requests */
#define USB_REQ_GET_STATUS	  0x00
#define USB_REQ_CLEAR_FEATURE	  0x01
#define USB_REQ_SET_FEATURE	  0x03
#define USB_REQ_SET_ADDRESS	  0x05
#define USB_REQ_GET_DESCRIPTOR	  0x06
#define USB_REQ_SET_DESCRIPTOR	  0x07
#define USB_REQ_GET_CONFIGURATION 0x08
#define USB_REQ_SET_CONFIGURATION 0x09
#define USB_REQ_GET_INTERFACE	  0x0A
#define USB_REQ_SET_INTERFACE	  0x0B
#define USB_REQ_SYNCH_FRAME	  0x0C

/* Feature selectors of SET_FEATURE and CLEAR_FEATURE */
#define USB_DEVICE_SELF_POWERED	     0
#define USB_DEVICE_REMOTE_WAKEUP     1
#define USB_DEVICE_TEST_MODE	     2
#define USB_DEVICE_B_HNP_ENABLE	     3
#define USB_DEVICE_A_HNP_SUPPORT     4
#define USB_DEVICE_A_ALT_HNP_SUPPORT 5
#define USB_ENDPOINT_HALT	     0

/**
 * struct usb_ctrlrequest - the SETUP packet of a control transfer
 * @bRequestType: direction, type and recipient (USB_DIR_*, USB_TYPE_*, USB_RECIP_*)
 * @bRequest: the request (USB_REQ_* or the class's or vendor's)
 * @wValue: its value, little-endian
 * @wIndex: its index (an interface or endpoint), little-endian
 * @wLength: the length of the data stage, little-endian
 */
struct usb_ctrlrequest {
	__u8 bRequestType;
	__u8 bRequest;
	__le16 wValue;
	__le16 wIndex;
	__le16 wLength;
} __attribute__((packed));

/* Descriptor types */
#define USB_DT_DEVICE		     0x01
#define USB_DT_CONFIG		     0x02
#define USB_DT_STRING		     0x03
#define USB_DT_INTERFACE	     0x04
#define USB_DT_ENDPOINT		     0x05
#define USB_DT_DEVICE_QUALIFIER	     0x06
#define USB_DT_OTHER_SPEED_CONFIG    0x07
#define USB_DT_INTERFACE_POWER	     0x08
#define USB_DT_OTG		     0x09
#define USB_DT_DEBUG		     0x0a
#define USB_DT_INTERFACE_ASSOCIATION 0x0b
#define USB_DT_CS_DEVICE	     0x21
#define USB_DT_CS_CONFIG	     0x22
#define USB_DT_CS_STRING	     0x23
#define USB_DT_CS_INTERFACE	     0x24
#define USB_DT_CS_ENDPOINT	     0x25

/* The two fields every descriptor begins with */
struct usb_descriptor_header {
	__u8 bLength;
	__u8 bDescriptorType;
} __attribute__((packed));

/* USB_DT_DEVICE */
struct usb_device_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__u16 bcdUSB;
	__u8 bDeviceClass;
	__u8 bDeviceSubClass;
	__u8 bDeviceProtocol;
	__u8 bMaxPacketSize0;
	__u16 idVendor;
	__u16 idProduct;
	__u16 bcdDevice;
	__u8 iManufacturer;
	__u8 iProduct;
	__u8 iSerialNumber;
	__u8 bNumConfigurations;
} __attribute__((packed));
#define USB_DT_DEVICE_SIZE 18

/* Class codes (bDeviceClass, bInterfaceClass) */
#define USB_CLASS_PER_INTERFACE 0
#define USB_CLASS_AUDIO		1
#define USB_CLASS_COMM		2
#define USB_CLASS_HID		3
#define USB_CLASS_PHYSICAL	5
#define USB_CLASS_STILL_IMAGE	6
#define USB_CLASS_PRINTER	7
#define USB_CLASS_MASS_STORAGE	8
#define USB_CLASS_HUB		9
#define USB_CLASS_CDC_DATA	0x0a
#define USB_CLASS_CSCID		0x0b
#define USB_CLASS_CONTENT_SEC	0x0d
#define USB_CLASS_VIDEO		0x0e
#define USB_CLASS_APP_SPEC	0xfe
#define USB_CLASS_VENDOR_SPEC	0xff

/* USB_DT_CONFIG (and USB_DT_OTHER_SPEED_CONFIG) */
struct usb_config_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__u16 wTotalLength;
	__u8 bNumInterfaces;
	__u8 bConfigurationValue;
	__u8 iConfiguration;
	__u8 bmAttributes;
	__u8 bMaxPower;
} __attribute__((packed));
#define USB_DT_CONFIG_SIZE 9

#define USB_CONFIG_ATT_ONE	 (1 << 7)
#define USB_CONFIG_ATT_SELFPOWER (1 << 6)
#define USB_CONFIG_ATT_WAKEUP	 (1 << 5)

/* USB_DT_STRING: UTF-16LE; string 0 lists the language ids */
struct usb_string_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__le16 wData[1];
} __attribute__((packed));

/* USB_DT_INTERFACE */
struct usb_interface_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__u8 bInterfaceNumber;
	__u8 bAlternateSetting;
	__u8 bNumEndpoints;
	__u8 bInterfaceClass;
	__u8 bInterfaceSubClass;
	__u8 bInterfaceProtocol;
	__u8 iInterface;
} __attribute__((packed));
#define USB_DT_INTERFACE_SIZE 9

/*
 * USB_DT_ENDPOINT; bRefresh and bSynchAddress exist only in audio
 * endpoints (bLength USB_DT_ENDPOINT_AUDIO_SIZE).
 */
struct usb_endpoint_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__u8 bEndpointAddress;
	__u8 bmAttributes;
	__u16 wMaxPacketSize;
	__u8 bInterval;
	__u8 bRefresh;
	__u8 bSynchAddress;
} __attribute__((packed));
#define USB_DT_ENDPOINT_SIZE	   7
#define USB_DT_ENDPOINT_AUDIO_SIZE 9

#define USB_ENDPOINT_NUMBER_MASK   0x0f
#define USB_ENDPOINT_DIR_MASK	   0x80
#define USB_ENDPOINT_XFERTYPE_MASK 0x03
#define USB_ENDPOINT_XFER_CONTROL  0
#define USB_ENDPOINT_XFER_ISOC	   1
#define USB_ENDPOINT_XFER_BULK	   2
#define USB_ENDPOINT_XFER_INT	   3

/* USB_DT_DEVICE_QUALIFIER */
struct usb_qualifier_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__u16 bcdUSB;
	__u8 bDeviceClass;
	__u8 bDeviceSubClass;
	__u8 bDeviceProtocol;
	__u8 bMaxPacketSize0;
	__u8 bNumConfigurations;
	__u8 bRESERVED;
} __attribute__((packed));

/* USB_DT_OTG */
struct usb_otg_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__u8 bmAttributes;
} __attribute__((packed));
#define USB_OTG_SRP (1 << 0)
#define USB_OTG_HNP (1 << 1)

/* USB_DT_INTERFACE_ASSOCIATION */
struct usb_interface_assoc_descriptor {
	__u8 bLength;
	__u8 bDescriptorType;
	__u8 bFirstInterface;
	__u8 bInterfaceCount;
	__u8 bFunctionClass;
	__u8 bFunctionSubClass;
	__u8 bFunctionProtocol;
	__u8 iFunction;
} __attribute__((packed));

enum usb_device_speed {
	USB_SPEED_UNKNOWN = 0,
	USB_SPEED_LOW,
	USB_SPEED_FULL,
	USB_SPEED_HIGH,
};

/* The chapter 9 states, and NOTATTACHED for a device gone */
enum usb_device_state {
	USB_STATE_NOTATTACHED = 0,
	USB_STATE_ATTACHED,
	USB_STATE_POWERED,
	USB_STATE_DEFAULT,
	USB_STATE_ADDRESS,
	USB_STATE_CONFIGURED,
	USB_STATE_SUSPENDED,
};

#endif /* _LDM_USB_CH9_H */
