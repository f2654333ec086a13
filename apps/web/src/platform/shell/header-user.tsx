import { primaryContact } from '@facet/contract';
import { Avatar, Button, Flex, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../app/paths.ts';
import { useSession } from '../session/use-session.ts';
import { PlainText } from '../typography/plain-text.tsx';

/**
 * The header's user corner: primary e-mail, avatar, and the My Account / Logout popover. The frame runs
 * the logout (use-logout.ts), since it empties itself meanwhile.
 */
export function HeaderUser({ loggingOut, onLogout }: { loggingOut: boolean; onLogout: () => void }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const email = primaryContact(user?.emails) ?? user?.username ?? '';
  const initial = (user?.name ?? email).charAt(0).toUpperCase();

  const menu = (
    <Flex vertical gap={4} style={{ minWidth: 160 }}>
      <Button
        type="text"
        block
        style={{ justifyContent: 'flex-start' }}
        onClick={() => {
          setOpen(false);
          void navigate(PATHS.profile);
        }}
      >
        My Account
      </Button>
      <Button
        type="text"
        block
        danger
        style={{ justifyContent: 'flex-start' }}
        loading={loggingOut}
        onClick={onLogout}
      >
        {loggingOut ? 'Logging out…' : 'Logout'}
      </Button>
    </Flex>
  );

  return (
    <>
      <Popover content={menu} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
        <button type="button" className="header-user" aria-label="User menu">
          <PlainText data-testid="header-email" className="header-email">
            {email}
          </PlainText>
          <Avatar src={user?.image || undefined} style={{ backgroundColor: '#283895' }}>
            {initial}
          </Avatar>
        </button>
      </Popover>
      <Spin fullscreen spinning={loggingOut} description="Logging out…" />
    </>
  );
}
